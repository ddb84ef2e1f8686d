import { Client } from 'pg';
import { startTestApp, type TestApp } from '../support/test-env';
import { signedIn } from './support/staff-kit';

/**
 * A staff session is read on every back-office call but its last use written at most once a minute
 * (StaffRepository.sessionIdentity): a door's phone calls several times a second. Revoking or disabling still takes
 * effect at the next call.
 */
describe('the staff session’s last use', () => {
  let t: TestApp;
  let sql: Client;
  beforeAll(async () => {
    t = await startTestApp();
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await t?.close();
  });

  /** Sets the session's last use `secondsAgo`, makes one call, and answers its status and the last use after it. */
  async function callAfter(b: Awaited<ReturnType<typeof signedIn>>, secondsAgo: number) {
    const staffUserId = (await sql.query(`SELECT id FROM staff_user WHERE username = 'admin'`)).rows[0].id;
    const set = (
      await sql.query(
        `UPDATE staff_session SET last_seen_at = now() - make_interval(secs => $2)
          WHERE staff_user_id = $1 AND revoked_at IS NULL RETURNING last_seen_at`,
        [staffUserId, secondsAgo],
      )
    ).rows[0].last_seen_at as Date;
    const status = (await b.call('GET', '/api/backoffice/me')).status;
    const after = (
      await sql.query(
        `SELECT last_seen_at, extract(epoch FROM now() - last_seen_at)::float8 AS age FROM staff_session
          WHERE staff_user_id = $1 AND revoked_at IS NULL`,
        [staffUserId],
      )
    ).rows[0];
    return { status, set, after: after.last_seen_at as Date, ageSeconds: after.age as number };
  }

  test('used within the minute: not written again; used longer ago: written', async () => {
    const b = await signedIn(t.url, sql, 'admin');
    const recent = await callAfter(b, 30);
    expect(recent.status).toBe(200);
    expect(recent.after.getTime()).toBe(recent.set.getTime());

    const older = await callAfter(b, 90);
    expect(older.status).toBe(200);
    expect(older.after.getTime()).toBeGreaterThan(older.set.getTime());
    expect(older.ageSeconds).toBeLessThan(30);
  });

  test('disabled or revoked within the minute: refused at the next call', async () => {
    const b = await signedIn(t.url, sql, 'admin');
    expect((await b.call('GET', '/api/backoffice/me')).status).toBe(200);
    await sql.query(`UPDATE staff_user SET active = false WHERE username = 'admin'`);
    try {
      expect((await b.call('GET', '/api/backoffice/me')).status).toBe(401);
    } finally {
      await sql.query(`UPDATE staff_user SET active = true WHERE username = 'admin'`);
    }
    const c = await signedIn(t.url, sql, 'admin');
    expect((await c.call('GET', '/api/backoffice/me')).status).toBe(200);
    await sql.query(`UPDATE staff_session SET revoked_at = now() WHERE revoked_at IS NULL`);
    expect((await c.call('GET', '/api/backoffice/me')).status).toBe(401);
  });
});
