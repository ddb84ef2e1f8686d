import { Client } from 'pg';
import { base32Decode, hotp, totpStep } from '../../src/backoffice/totp';
import { startTestApp, type TestApp } from '../support/test-env';
import { demoStaff, signedIn, StaffBrowser } from './support/staff-kit';

/**
 * Replacing a staff member's authenticator: the password again, a new secret as an otpauth QR code,
 * and a code from the new app before it replaces the old one; then the old app's codes no longer sign in and
 * every other session of the account has ended. Wrong passwords count toward the lockout.
 */
const codeFor = (secret: string, offset = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + offset);

describe('authenticator enrolment', () => {
  let t: TestApp;
  let sql: Client;

  beforeAll(async () => {
    t = await startTestApp();
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  test('password, QR, a code from the new app: the new secret signs in, the old one does not, other sessions end', async () => {
    const phone = await signedIn(t.url, sql, 'producer');
    const laptop = await signedIn(t.url, sql, 'producer'); // another session of the same account
    const start = await phone.call('POST', '/api/backoffice/authenticator', {
      password: demoStaff('producer').password,
    });
    expect(start.status).toBe(200);
    const { otpauthUri, secret, qrSvg } = start.body;
    expect(otpauthUri).toBe(
      `otpauth://totp/Hotline%3Aproducer?secret=${secret}&issuer=Hotline&algorithm=SHA1&digits=6&period=30`,
    );
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Until it is confirmed, the old authenticator still signs in and the new one does not.
    const before = await sql.query(`SELECT totp_secret FROM staff_user WHERE username = 'producer'`);
    expect(before.rows[0].totp_secret).toBe(demoStaff('producer').totpSecret);

    const wrong = await phone.call('POST', '/api/backoffice/authenticator/confirm', { code: '000000' });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'STAFF_ENROLMENT_CODE_WRONG']);
    const ok = await phone.call('POST', '/api/backoffice/authenticator/confirm', { code: codeFor(secret) });
    expect(ok.status).toBe(200);

    expect((await phone.call('GET', '/api/backoffice/me')).status).toBe(200);
    expect((await laptop.call('GET', '/api/backoffice/me')).status).toBe(401);

    await sql.query(`UPDATE staff_user SET last_totp_step = 0 WHERE username = 'producer'`);
    const old = await new StaffBrowser(t.url).signIn(
      'producer',
      demoStaff('producer').password,
      codeFor(demoStaff('producer').totpSecret),
    );
    expect(old.status).toBe(401);
    await sql.query(`UPDATE staff_user SET last_totp_step = 0 WHERE username = 'producer'`);
    const fresh = await new StaffBrowser(t.url).signIn('producer', demoStaff('producer').password, codeFor(secret));
    expect(fresh.status).toBe(200);
    const audit = await sql.query(
      `SELECT action FROM audit_log a JOIN staff_user u ON u.id = a.staff_user_id
        WHERE u.username = 'producer' AND action LIKE 'authenticator-%' ORDER BY a.id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['authenticator-started', 'authenticator-changed']);
    // Put the demo secret back for other tests of this app.
    await sql.query(`UPDATE staff_user SET totp_secret = $1 WHERE username = 'producer'`, [
      demoStaff('producer').totpSecret,
    ]);
  });

  test('a wrong password is refused, changes nothing, and counts toward the lockout', async () => {
    const b = await signedIn(t.url, sql, 'cashier');
    const r = await b.call('POST', '/api/backoffice/authenticator', { password: 'not-it' });
    expect([r.status, r.body.error]).toEqual([403, 'STAFF_REAUTH_FAILED']);
    const row = await sql.query(
      `SELECT failed_attempts, pending_totp_secret FROM staff_user WHERE username = 'cashier'`,
    );
    expect(row.rows[0]).toEqual({ failed_attempts: 1, pending_totp_secret: null });
    // Five in a row lock re-authentication for this account: then even the right password is refused.
    for (let i = 0; i < 4; i++) await b.call('POST', '/api/backoffice/authenticator', { password: 'not-it' });
    const locked = await b.call('POST', '/api/backoffice/authenticator', { password: demoStaff('cashier').password });
    expect([locked.status, locked.body.error]).toEqual([423, 'STAFF_LOCKED']);
    await sql.query(`UPDATE staff_user SET failed_attempts = 0, locked_until = NULL WHERE username = 'cashier'`);
  });

  test('confirming without a started replacement, or after it expired, is refused', async () => {
    const b = await signedIn(t.url, sql, 'admin');
    const none = await b.call('POST', '/api/backoffice/authenticator/confirm', { code: '123456' });
    expect([none.status, none.body.error]).toEqual([409, 'STAFF_ENROLMENT_EXPIRED']);
    const start = await b.call('POST', '/api/backoffice/authenticator', { password: demoStaff('admin').password });
    await sql.query(`UPDATE staff_user SET pending_totp_until = now() - interval '1 second' WHERE username = 'admin'`);
    const late = await b.call('POST', '/api/backoffice/authenticator/confirm', { code: codeFor(start.body.secret) });
    expect([late.status, late.body.error]).toEqual([409, 'STAFF_ENROLMENT_EXPIRED']);
  });

  test('without a staff session both calls are 401', async () => {
    const b = new StaffBrowser(t.url);
    expect((await b.call('POST', '/api/backoffice/authenticator', { password: 'x' })).status).toBe(401);
    expect((await b.call('POST', '/api/backoffice/authenticator/confirm', { code: '123456' })).status).toBe(401);
  });
});
