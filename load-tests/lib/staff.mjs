// A staff member of the bench's own (production never seeds demo staff) and a signed-in session for it, the way
// staff sign in: password and a TOTP code, the session in its cookie.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { totpCode } from '../../scripts/totp-code.mjs';
import { ROOT, require } from './stack.mjs';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'bench-password';

/** Account `bench` in businesses 1 and 2 with these permissions, hashed by the server's own argon2id. */
export async function createBenchStaff(pool, permissions) {
  const { hashPassword } = require(path.join(ROOT, 'server', 'dist', 'customers', 'password-login.service.js'));
  const hash = await hashPassword(PASSWORD);
  const { rows } = await pool.query(
    `INSERT INTO staff_user (username, first_name, last_name, password_hash, totp_secret)
     VALUES ('bench', 'Bench', 'Admin', $1, $2) RETURNING id`,
    [hash, SECRET],
  );
  await pool.query(`INSERT INTO staff_business (staff_user_id, business_id) VALUES ($1, 1), ($1, 2)`, [rows[0].id]);
  for (const permission of permissions)
    await pool.query(`INSERT INTO staff_permission (staff_user_id, permission) VALUES ($1, $2)`, [
      rows[0].id,
      permission,
    ]);
}

/** Signs `bench` in; lib/stack's request() does not keep cookies, so the session cookie is read here. */
export async function signInBenchStaff(base) {
  const visitor = randomUUID();
  const res = await fetch(`${base}/api/backoffice/sign-in`, {
    method: 'POST',
    headers: { uuid: visitor, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: PASSWORD, totpCode: totpCode(SECRET) }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('staff_session='));
  return { visitor, cookie, headers: { uuid: visitor, cookie } };
}
