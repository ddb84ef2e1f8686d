import { Client } from 'pg';
import type { AdminAuditPage, AdminStaff, AdminStaffWithSetupLink, StaffSetupStart } from '@hotline/shared';
import { FirstAdministrator } from '../../src/backoffice/first-administrator';
import { base32Decode, hotp, totpStep } from '../../src/backoffice/totp';
import { startTestApp, type TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from './support/staff-kit';

/**
 * Staff administration: accounts created by staff with permission 292, never with more than the
 * editor holds; set up by their owner through a one-time link (password and authenticator; only the token's digest is
 * stored); disabled and reset accounts lose their sessions at once; the first start without staff makes one
 * administrator with a link. Every refusal answers the project's error shape and changes nothing.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;

beforeAll(async () => {
  t = await startTestApp();
  sql = new Client({ connectionString: t.db.url });
  await sql.connect();
  admin = await signedIn(t.url, sql, 'admin');
});
afterAll(async () => {
  await sql?.end();
  await t?.close();
});

const username = () => `cat-${Math.random().toString(36).slice(2, 8)}`;
const tokenOf = (link: AdminStaffWithSetupLink) => link.setupUrl.split('#')[1]!;
const codeFor = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + offset);
const tables = async () =>
  (
    await sql.query(
      `SELECT (SELECT count(*) FROM staff_user)::int AS users, (SELECT count(*) FROM staff_permission)::int AS grants,
              (SELECT count(*) FROM staff_business)::int AS businesses`,
    )
  ).rows[0];

/** Opens a setup link and finishes it with a password; answers the secret the account now has. */
async function setUp(link: AdminStaffWithSetupLink, password: string): Promise<string> {
  const page = new StaffBrowser(t.url);
  const start = await page.call<StaffSetupStart>('POST', '/api/backoffice/setup/start', { token: tokenOf(link) });
  expect(start.status).toBe(200);
  const done = await page.call('POST', '/api/backoffice/setup/finish', {
    token: tokenOf(link),
    password,
    totpCode: codeFor(start.body.secret),
  });
  expect([done.status, done.body]).toEqual([200, { username: link.staff.username }]);
  return start.body.secret;
}

test('a new colleague: created with a link, set up by its owner, signs in with what it was given and nothing more', async () => {
  const name = username();
  const created = await admin.call<AdminStaffWithSetupLink>('POST', '/api/admin/staff', {
    username: name,
    firstName: 'Dana',
    lastName: 'Levi',
    permissions: [291],
    businessIds: [1],
  });
  expect(created.status).toBe(201);
  expect(created.body.staff).toMatchObject({
    username: name,
    permissions: [291],
    businessIds: [1],
    active: true,
    setUp: false,
  });
  // The link carries its secret in the fragment; only its digest is stored.
  expect(created.body.setupUrl).toMatch(/\/backoffice\/setup#[A-Za-z0-9_-]{43}$/);
  const stored = await sql.query('SELECT setup_token_hash FROM staff_user WHERE username = $1', [name]);
  expect(stored.rows[0].setup_token_hash).not.toContain(tokenOf(created.body));
  expect(stored.rows[0].setup_token_hash).toMatch(/^[0-9a-f]{64}$/);

  // Not set up: signing in fails like an unknown name.
  const early = await new StaffBrowser(t.url).signIn(name, 'anything-at-all', '123456');
  expect([early.status, early.body.error]).toEqual([401, 'STAFF_SIGN_IN_FAILED']);

  // The owner sets it up; a weak password and a wrong code are refused first.
  const page = new StaffBrowser(t.url);
  const start = await page.call<StaffSetupStart>('POST', '/api/backoffice/setup/start?lang=en', {
    token: tokenOf(created.body),
  });
  expect(start.body).toMatchObject({ username: name, otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
  const finish = (password: string, totpCode: string) =>
    page.call('POST', '/api/backoffice/setup/finish?lang=en', { token: tokenOf(created.body), password, totpCode });
  expect((await finish('short', codeFor(start.body.secret))).body.error).toBe('STAFF_PASSWORD_WEAK');
  expect((await finish(`${name}-and-more`, codeFor(start.body.secret))).body.error).toBe('STAFF_PASSWORD_WEAK');
  expect((await finish('a long enough secret', '000000')).body.error).toBe('STAFF_ENROLMENT_CODE_WRONG');
  expect((await finish('a long enough secret', codeFor(start.body.secret))).status).toBe(200);
  // The link is spent.
  const again = await page.call('POST', '/api/backoffice/setup/start?lang=en', { token: tokenOf(created.body) });
  expect([again.status, again.body.error]).toEqual([410, 'STAFF_SETUP_LINK_INVALID']);

  const colleague = new StaffBrowser(t.url);
  const signIn = await colleague.signIn(name, 'a long enough secret', codeFor(start.body.secret, 1));
  expect(signIn.status).toBe(200);
  const me = await colleague.call('GET', '/api/backoffice/me');
  expect(me.body.staff.menu.map((i: { id: string }) => i.id)).toEqual(['venues', 'events']);
  expect((await colleague.call('GET', '/api/admin/staff')).body.error).toBe('STAFF_PERMISSION_DENIED');

  // Disabled: the session ends at once; enabled again, it signs in again.
  const current = (await admin.call<AdminStaff>('GET', `/api/admin/staff/${created.body.staff.id}`)).body;
  const disabled = await admin.call<AdminStaff>('POST', `/api/admin/staff/${current.id}/disable`, {
    revision: current.revision,
  });
  expect(disabled.body).toMatchObject({ active: false });
  expect((await colleague.call('GET', '/api/backoffice/me')).status).toBe(401);
  await admin.call('POST', `/api/admin/staff/${current.id}/enable`, { revision: disabled.body.revision });

  // Reset: signed out everywhere, password and authenticator gone, a new link.
  const back = new StaffBrowser(t.url);
  // A code works once per 30-second step: the step the first sign-in consumed is forgotten (as signedIn() does).
  await sql.query('UPDATE staff_user SET last_totp_step = 0 WHERE username = $1', [name]);
  expect((await back.signIn(name, 'a long enough secret', codeFor(start.body.secret))).status).toBe(200);
  const latest = (await admin.call<AdminStaff>('GET', `/api/admin/staff/${current.id}`)).body;
  const reset = await admin.call<AdminStaffWithSetupLink>('POST', `/api/admin/staff/${current.id}/reset`, {
    revision: latest.revision,
  });
  expect(reset.body.staff).toMatchObject({ setUp: false });
  expect((await back.call('GET', '/api/backoffice/me')).status).toBe(401);
  await setUp(reset.body, 'another long secret');

  const actions = await sql.query(`SELECT action FROM audit_log WHERE subject = $1 ORDER BY id`, [
    `staff:${current.id}`,
  ]);
  expect(actions.rows.map((r) => r.action)).toEqual([
    'staff-create',
    'staff-setup-finished',
    'staff-disable',
    'staff-enable',
    'staff-reset',
    'staff-setup-finished',
  ]);
});

test('nobody grants more than they hold, changes a stronger account or their own grants; refusals change nothing', async () => {
  // A staff manager with 292 and 291 only, in business 1.
  const link = (
    await admin.call<AdminStaffWithSetupLink>('POST', '/api/admin/staff', {
      username: username(),
      firstName: 'Noa',
      lastName: 'Staff',
      permissions: [291, 292],
      businessIds: [1],
    })
  ).body;
  const secret = await setUp(link, 'the manager secret');
  const manager = new StaffBrowser(t.url);
  expect((await manager.signIn(link.staff.username, 'the manager secret', codeFor(secret, 1))).status).toBe(200);

  const before = await tables();
  const newAccount = (overrides: Record<string, unknown>) => ({
    username: username(),
    firstName: 'X',
    lastName: 'Y',
    permissions: [291],
    businessIds: [1],
    ...overrides,
  });
  const refusals: [unknown, number, string][] = [
    [newAccount({ permissions: [291, 268] }), 403, 'STAFF_GRANT_NOT_YOURS'],
    [newAccount({ businessIds: [1, 2] }), 403, 'STAFF_GRANT_NOT_YOURS'],
    [newAccount({ businessIds: [] }), 403, 'STAFF_GRANT_NOT_YOURS'],
    [newAccount({ username: 'Admin Two' }), 400, 'INVALID_BODY'],
    [newAccount({ username: 'admin' }), 409, 'STAFF_USERNAME_TAKEN'],
    [newAccount({ firstName: '<b>x</b>' }), 400, 'INVALID_BODY'],
  ];
  for (const [body, status, error] of refusals) {
    const r = await manager.call('POST', '/api/admin/staff?lang=en', body);
    expect([r.status, r.body.error]).toEqual([status, error]);
  }
  // The administrator holds more: out of the manager's reach.
  const adminId = (await sql.query(`SELECT id FROM staff_user WHERE username = 'admin'`)).rows[0].id;
  const adminRow = (await admin.call<AdminStaff>('GET', `/api/admin/staff/${adminId}`)).body;
  const touch = await manager.call('POST', `/api/admin/staff/${adminId}/disable`, { revision: adminRow.revision });
  expect([touch.status, touch.body.error]).toEqual([403, 'STAFF_OUT_OF_REACH']);
  // Nobody changes their own grants, or disables or resets themselves.
  const self = (await admin.call<AdminStaff>('GET', `/api/admin/staff/${link.staff.id}`)).body;
  const own = await manager.call('PUT', `/api/admin/staff/${self.id}`, {
    revision: self.revision,
    firstName: 'Noa',
    lastName: 'Staff',
    permissions: [291],
    businessIds: [1],
  });
  expect([own.status, own.body.error]).toEqual([409, 'STAFF_NOT_YOURSELF']);
  const ownDisable = await manager.call('POST', `/api/admin/staff/${self.id}/disable`, { revision: self.revision });
  expect(ownDisable.body.error).toBe('STAFF_NOT_YOURSELF');
  // A stale revision is refused with the current account.
  const stale = await admin.call('PUT', `/api/admin/staff/${self.id}`, {
    revision: self.revision + 5,
    firstName: 'Noa',
    lastName: 'Staff',
    permissions: [291],
    businessIds: [1],
  });
  expect([stale.status, stale.body.error, stale.body.current?.id]).toEqual([409, 'STALE_REVISION', self.id]);
  expect(await tables()).toEqual(before);
});

test('a forged, spent or expired setup link is refused the same way', async () => {
  const page = new StaffBrowser(t.url);
  const forged = await page.call('POST', '/api/backoffice/setup/start?lang=en', { token: 'A'.repeat(43) });
  expect([forged.status, forged.body.error]).toEqual([410, 'STAFF_SETUP_LINK_INVALID']);
  const malformed = await page.call('POST', '/api/backoffice/setup/start?lang=en', { token: '../../etc' });
  expect([malformed.status, malformed.body.error]).toEqual([400, 'INVALID_BODY']);
  const link = (
    await admin.call<AdminStaffWithSetupLink>('POST', '/api/admin/staff', {
      username: username(),
      firstName: 'Old',
      lastName: 'Link',
      permissions: [],
      businessIds: [2],
    })
  ).body;
  await sql.query(`UPDATE staff_user SET setup_expires_at = now() - interval '1 second' WHERE id = $1`, [
    link.staff.id,
  ]);
  const expired = await page.call('POST', '/api/backoffice/setup/start', { token: tokenOf(link) });
  expect([expired.status, expired.body.error]).toEqual([410, 'STAFF_SETUP_LINK_INVALID']);
});

test('the audit log: newest first, filtered by action, subject, staff member and time, paged; 292 only', async () => {
  const name = username();
  const created = (
    await admin.call<AdminStaffWithSetupLink>('POST', '/api/admin/staff', {
      username: name,
      firstName: 'Audit',
      lastName: 'Trail',
      permissions: [291],
      businessIds: [1],
    })
  ).body;
  const subject = `staff:${created.staff.id}`;
  const mine = await admin.call<AdminAuditPage>('GET', `/api/admin/audit?subject=${subject}`);
  expect(mine.status).toBe(200);
  expect(mine.body.entries.map((e) => [e.action, e.staff?.username, e.subject])).toEqual([
    ['staff-create', 'admin', subject],
  ]);
  expect(mine.body.entries[0]!.detail).toMatchObject({ after: { username: name } });

  // Paged by `before`, newest first, with no entry twice.
  const first = await admin.call<AdminAuditPage>('GET', '/api/admin/audit?limit=2');
  expect(first.body.entries).toHaveLength(2);
  expect(first.body.entries[0]!.id).toBeGreaterThan(first.body.entries[1]!.id);
  const second = await admin.call<AdminAuditPage>('GET', `/api/admin/audit?limit=2&before=${first.body.nextBefore}`);
  expect(second.body.entries[0]!.id).toBeLessThan(first.body.entries[1]!.id);

  // By action and time: none before the creation, the creation in a window around now.
  const created_at = new Date(mine.body.entries[0]!.at).getTime();
  const around = (ms: number) => encodeURIComponent(new Date(created_at + ms).toISOString());
  const inWindow = await admin.call<AdminAuditPage>(
    'GET',
    `/api/admin/audit?action=staff-create&from=${around(-1000)}&to=${around(1000)}`,
  );
  expect(inWindow.body.entries.map((e) => e.subject)).toContain(subject);
  const earlier = await admin.call<AdminAuditPage>('GET', `/api/admin/audit?action=staff-create&to=${around(-1000)}`);
  expect(earlier.body.entries.map((e) => e.subject)).not.toContain(subject);

  // Bad filters are a 400 naming the field; without 292 the log is refused.
  for (const q of ['action=DROP TABLE', 'subject=../x', 'from=yesterday', 'limit=5000', 'staffUserId=-1']) {
    const r = await admin.call('GET', `/api/admin/audit?${q}&lang=en`);
    expect([q, r.status, r.body.error]).toEqual([q, 400, 'INVALID_QUERY']);
  }
  const cashier = await signedIn(t.url, sql, 'cashier');
  expect((await cashier.call('GET', '/api/admin/audit')).body.error).toBe('STAFF_PERMISSION_DENIED');
});

// Last: it removes every staff account of this file's database.
test('the first start on a database without staff makes one administrator with every permission and a link', async () => {
  const first = t.app.get(FirstAdministrator);
  expect(await first.ensure()).toBeNull();
  // As on `SEED=none`: no staff at all (the demo's are removed from this test's own database).
  await sql.query('DELETE FROM audit_log');
  await sql.query('DELETE FROM staff_session');
  await sql.query('DELETE FROM staff_user');
  const token = await first.ensure();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await first.ensure()).toBeNull();
  const [row] = (
    await sql.query(
      `SELECT u.username, u.password_hash, array_agg(p.permission ORDER BY p.permission) AS permissions
         FROM staff_user u JOIN staff_permission p ON p.staff_user_id = u.id GROUP BY u.id`,
    )
  ).rows;
  expect(row).toEqual({
    username: 'admin',
    password_hash: null,
    permissions: [266, 267, 268, 269, 290, 291, 292, 293],
  });
  const start = await new StaffBrowser(t.url).call('POST', '/api/backoffice/setup/start', { token });
  expect(start.body.username).toBe('admin');
});
