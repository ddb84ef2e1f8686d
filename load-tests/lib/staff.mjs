// A staff member of the bench's own (production never seeds demo staff) and a signed-in session for it, the way
// staff sign in: password and a TOTP code, the session in its cookie.
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { ROOT, require } from './stack.mjs';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PASSWORD = 'bench-password';

/** RFC 6238 code of `secretBase32` for now (30 s steps, SHA-1, 6 digits). */
function totp(secretBase32) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const ch of secretBase32) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

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
    body: JSON.stringify({ username: 'bench', password: PASSWORD, totpCode: totp(SECRET) }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('staff_session='));
  return { visitor, cookie, headers: { uuid: visitor, cookie } };
}
