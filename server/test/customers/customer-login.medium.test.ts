import { Client } from 'pg';
import { call, newVisitor } from '../booking/support/booking-kit';
import { startTestApp, testConfig, type TestApp } from '../support/test-env';
import { CustomerClient, codesSentTo, customerClient, logIn, waitForCode } from './support/customer-kit';

/**
 * SMS-code login against the real server, PostgreSQL, Redis and ALTCHA: the
 * one-time code rules (5 wrong tries, 5 minutes, single use, one resend after
 * 20 s), no account enumeration, limits, sessions and login links.
 */
const ISRAEL = { ssn: '000000018', mobile: '0501234567' };
const DANA = { ssn: '000000026', mobile: '0527654321' };

describe('customer SMS-code login', () => {
  let t: TestApp;
  let sql: Client;

  beforeAll(async () => {
    t = await startTestApp({
      CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
      CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000',
    });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const client = () => customerClient(t.url, newVisitor());
  const ageCode = (mobile: string, seconds: number) =>
    sql.query(
      `UPDATE customer_otp SET sent_at = now() - make_interval(secs => $2::float8)
        WHERE id = (SELECT id FROM customer_otp WHERE mobile = $1 ORDER BY id DESC LIMIT 1)`,
      [mobile, seconds],
    );

  test('the right code logs in, with an httpOnly SameSite session cookie, and answers customerAreaInfo', async () => {
    const c = client();
    const info = await logIn(c, sql, ISRAEL);
    expect(info).toMatchObject({ CustomerId: expect.any(Number), SSN: ISRAEL.ssn, MobileNumber1: ISRAEL.mobile });
    expect(info.members).toEqual([expect.objectContaining({ FirstName: 'Dana' })]);
    const session = c.setCookieHeaders.find((h) => h.startsWith('customer_session=') && !/Max-Age=0/.test(h))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/); // 127.0.0.1 only; any other host gets Secure
    const data = await c.call('GET', '/api/customer-area/customerAreaData');
    expect(data.status).toBe(200);
    expect(data.body.customerAreaInfo.CustomerId).toBe(info.CustomerId);
    // Every field the spec names for customerAreaInfo.
    for (const field of [
      'CustomerId',
      'FirstName',
      'LastName',
      'SSN',
      'EmailAddress1',
      'MobileNumber1',
      'IsEmailAllowed',
      'IsSMSAllowed',
      'Address1',
      'Address2',
      'City',
      'PostalCode',
      'DateOfBirth',
      'LicensePlateNumber',
      'reservations',
      'SystemVouchers',
      'members',
    ]) {
      expect(info).toHaveProperty(field);
    }
    expect(info.SystemVouchers.length).toBeGreaterThan(0);
    for (const field of ['Reference', 'IsForReplacement', 'StartDate', 'EndDate', 'DateTimeCreated']) {
      expect(info.SystemVouchers[0]).toHaveProperty(field);
    }
  });

  test('the mobile number may be updated at login with the e-mail on file; without it nothing is sent', async () => {
    const newMobile = '0586660001';
    const withoutEmail = client();
    expect((await withoutEmail.requestCode({ mobileNumber: newMobile, ssn: DANA.ssn })).status).toBe(200);
    const c = client();
    const asked = await c.requestCode({ mobileNumber: newMobile, ssn: DANA.ssn, customerEmail: 'DANA@example.com' });
    expect(asked.status).toBe(200);
    const code = await waitForCode(sql, newMobile);
    expect(await codesSentTo(sql, newMobile)).toHaveLength(1); // only the login that gave the e-mail got a code
    const r = await c.validate(code);
    expect(r.status).toBe(200);
    expect(r.body.customerAreaInfo).toMatchObject({ SSN: DANA.ssn, MobileNumber1: newMobile });
    // Put Dana's number back for the other tests.
    await sql.query(`UPDATE customer SET mobile = $1 WHERE ssn = $2`, [DANA.mobile, DANA.ssn]);
  });

  test('outside localhost the customer cookies are Secure, and customer data is never cached', async () => {
    const { solveAltcha } = await import('../support/altcha');
    const visitor = newVisitor();
    // The trusted proxy's X-Forwarded-Host stands in for the browser's Host (fetch cannot set Host).
    const headers = { 'x-forwarded-host': 'tickets.example.org', 'x-forwarded-for': '10.99.0.1' };
    const before = (await codesSentTo(sql, ISRAEL.mobile)).length;
    const body = { mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn, recaptchaToken: await solveAltcha(t.url, visitor) };
    const asked = await call(t.url, 'POST', '/api/customer-area/mobile-login', visitor, body, headers);
    const pending = asked.headers.getSetCookie().find((h) => h.startsWith('customer_login='))!;
    expect(pending).toMatch(/; Secure/);
    const code = await waitForCode(sql, ISRAEL.mobile, before);
    const cookie = { ...headers, cookie: pending.split(';')[0]! };
    const login = await call(
      t.url,
      'POST',
      '/api/customer-area/mobile-login-validation',
      visitor,
      { smsCode: code },
      cookie,
    );
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const session = login.headers
      .getSetCookie()
      .find((h) => h.startsWith('customer_session=') && !/Max-Age=0/.test(h))!;
    expect(session).toMatch(/; Secure/);
    const data = await call(t.url, 'GET', '/api/customer-area/customerAreaData', visitor, undefined, {
      ...headers,
      cookie: session.split(';')[0]!,
    });
    expect(data.status).toBe(200);
    expect(data.headers.get('cache-control')).toBe('no-store');
  });

  test('codes are stored only as HMACs, never in clear', async () => {
    const c = client();
    await logIn(c, sql, DANA);
    const [code] = await codesSentTo(sql, DANA.mobile);
    const rows = await sql.query(`SELECT code_hash FROM customer_otp WHERE mobile = $1`, [DANA.mobile]);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.code_hash).not.toContain(code);
    const outbox = await sql.query(
      `SELECT payload::text AS p FROM notification_outbox WHERE template = 'customer-otp'`,
    );
    for (const r of outbox.rows) expect(r.p).not.toContain(code);
  });

  test('5 wrong codes, then the right code is refused', async () => {
    const c = client();
    const before = (await codesSentTo(sql, ISRAEL.mobile)).length;
    expect((await c.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn })).status).toBe(200);
    const code = await waitForCode(sql, ISRAEL.mobile, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await c.validate(wrong);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('INVALID_SMS_CODE');
    }
    const right = await c.validate(code);
    expect(right.status).toBe(401);
    expect(right.body.error).toBe('SMS_CODE_EXPIRED');
    expect(c.cookies.has('customer_session')).toBe(false);
  });

  test('control: the right code after 4 wrong ones still works', async () => {
    const c = client();
    const before = (await codesSentTo(sql, ISRAEL.mobile)).length;
    await c.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn });
    const code = await waitForCode(sql, ISRAEL.mobile, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await c.validate(wrong)).status).toBe(401);
    expect((await c.validate(code)).status).toBe(200);
  });

  test('an expired code (5 minutes) is refused; a used code is refused', async () => {
    const c = client();
    const before = (await codesSentTo(sql, ISRAEL.mobile)).length;
    await c.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn });
    const code = await waitForCode(sql, ISRAEL.mobile, before);
    await ageCode(ISRAEL.mobile, 300);
    const r = await c.validate(code);
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('SMS_CODE_EXPIRED');

    const d = client();
    const before2 = (await codesSentTo(sql, ISRAEL.mobile)).length;
    await d.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn });
    const code2 = await waitForCode(sql, ISRAEL.mobile, before2);
    await ageCode(ISRAEL.mobile, 290);
    expect((await d.validate(code2)).status).toBe(200); // still inside the 5 minutes
    // Replayed by a second browser that copied the pending-login cookie: single use.
    const e = customerClient(t.url, newVisitor());
    e.cookies.set(
      'customer_login',
      [...d.setCookieHeaders]
        .find((h) => h.startsWith('customer_login=') && !/Max-Age=0/.test(h))!
        .split(';')[0]!
        .split('=')[1]!,
    );
    expect((await e.validate(code2)).body.error).toBe('SMS_CODE_EXPIRED');
  });

  test('a code belongs to its own login: another login cannot use it', async () => {
    const a = client();
    const b = client();
    const before = (await codesSentTo(sql, ISRAEL.mobile)).length;
    await a.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn });
    const codeA = await waitForCode(sql, ISRAEL.mobile, before);
    await b.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn });
    await waitForCode(sql, ISRAEL.mobile, before + 1);
    expect((await b.validate(codeA)).body.error).toBe('INVALID_SMS_CODE');
  });

  test('the login request answers the same for a known and an unknown number; only the known one gets an SMS', async () => {
    const known = client();
    const unknown = client();
    const unknownMobile = '0509998877';
    const beforeKnown = (await codesSentTo(sql, ISRAEL.mobile)).length;
    const a = await known.requestCode({ mobileNumber: ISRAEL.mobile, ssn: ISRAEL.ssn });
    const b = await unknown.requestCode({ mobileNumber: unknownMobile, ssn: '000000059' });
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    const shape = (h: string[]) => h.map((x) => x.replace(/=[^;]*/, '=<value>')).sort();
    expect(shape(unknown.setCookieHeaders)).toEqual(shape(known.setCookieHeaders));
    // A known ID with someone else's number is treated like an unknown customer too.
    const wrongPair = client();
    const c = await wrongPair.requestCode({ mobileNumber: unknownMobile, ssn: ISRAEL.ssn });
    expect(c.body).toEqual(a.body);
    await waitForCode(sql, ISRAEL.mobile, beforeKnown);
    await new Promise((r) => setTimeout(r, 300));
    expect(await codesSentTo(sql, unknownMobile)).toEqual([]);
    // Every guess at the decoy login fails, exactly like a real one.
    expect((await unknown.validate('123456')).body.error).toBe('INVALID_SMS_CODE');
  });

  test('resend: not before 20 s, then once; the old code dies with it', async () => {
    const c = client();
    const before = (await codesSentTo(sql, DANA.mobile)).length;
    await c.requestCode({ mobileNumber: DANA.mobile, ssn: DANA.ssn });
    const first = await waitForCode(sql, DANA.mobile, before);
    const soon = await c.requestCode({ mobileNumber: DANA.mobile, ssn: DANA.ssn });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toBe('SMS_RESEND_TOO_SOON');
    const wait = Number(soon.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);
    await ageCode(DANA.mobile, 21);
    expect((await c.requestCode({ mobileNumber: DANA.mobile, ssn: DANA.ssn })).status).toBe(200);
    const second = await waitForCode(sql, DANA.mobile, before + 1);
    await ageCode(DANA.mobile, 21);
    const third = await c.requestCode({ mobileNumber: DANA.mobile, ssn: DANA.ssn });
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('SMS_RESEND_LIMIT');
    if (first !== second) expect((await c.validate(first)).body.error).toBe('INVALID_SMS_CODE');
    expect((await c.validate(second)).status).toBe(200);
  });

  test('the bot check comes before any code is sent', async () => {
    const c = client();
    const r = await c.call('POST', '/api/customer-area/mobile-login', {
      mobileNumber: ISRAEL.mobile,
      ssn: ISRAEL.ssn,
      recaptchaToken: 'forged',
    });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('INVALID_CAPTCHA');
  });

  test('bad input is a 4xx in the right language and sends nothing', async () => {
    const c = client();
    const r = await c.requestCode({ mobileNumber: '12', ssn: ISRAEL.ssn }, '?lang=en');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: 'invalid_mobileNumber',
      message: 'The mobile number is not valid.',
      requestId: expect.any(String),
    });
    const s = await c.requestCode({ mobileNumber: ISRAEL.mobile, ssn: '123456789' });
    expect(s.body.error).toBe('invalid_ssn');
  });

  test('logout revokes the session server-side: the copied cookie is dead too; login rotates the session', async () => {
    const c = client();
    await logIn(c, sql, ISRAEL);
    const first = c.cookies.get('customer_session')!;
    await logIn(c, sql, ISRAEL);
    const second = c.cookies.get('customer_session')!;
    expect(second).not.toBe(first);
    const stale = customerClient(t.url, newVisitor());
    stale.cookies.set('customer_session', first);
    expect((await stale.call('GET', '/api/customer-area/customerAreaData')).status).toBe(401);

    const copy = customerClient(t.url, newVisitor());
    copy.cookies.set('customer_session', second);
    expect((await copy.call('GET', '/api/customer-area/customerAreaData')).status).toBe(200);
    expect((await c.call('POST', '/api/customer-area/logout')).status).toBe(200);
    expect(c.cookies.has('customer_session')).toBe(false);
    const after = await copy.call('GET', '/api/customer-area/customerAreaData');
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('CUSTOMER_NOT_LOGGED_IN');
  });

  test('login links: redeemed once, then REDEEMED with its date; EXPIRED with its date; ERROR for junk', async () => {
    const { CustomerSessions } = await import('../../src/customers/customer-sessions.service');
    const sessions = t.app.get(CustomerSessions);
    const customerId = (await sql.query(`SELECT id FROM customer WHERE ssn = $1`, [ISRAEL.ssn])).rows[0].id;
    const token = await sessions.issueLoginLink(customerId);
    const c = client();
    const ok = await c.call('GET', `/api/customer-area/customerAreaData?jwtToken=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body.customerAreaInfo.CustomerId).toBe(customerId);
    expect(c.cookies.has('customer_session')).toBe(true);
    const again = await client().call('GET', `/api/customer-area/customerAreaData?jwtToken=${token}&lang=en`);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('CUSTOMER_TOKEN_REDEEMED');
    expect(again.body.message).toMatch(/\d{4}-\d{2}-\d{2}/);

    const old = await sessions.issueLoginLink(customerId);
    await sql.query(
      `UPDATE customer_login_link SET expires_at = now() - interval '1 minute' WHERE redeemed_at IS NULL`,
    );
    const expired = await client().call('GET', `/api/customer-area/customerAreaData?jwtToken=${old}`);
    expect(expired.body.error).toBe('CUSTOMER_TOKEN_EXPIRED');
    const junk = await client().call('GET', `/api/customer-area/customerAreaData?jwtToken=${'x'.repeat(43)}`);
    expect(junk.status).toBe(400);
    expect(junk.body.error).toBe('CUSTOMER_TOKEN_ERROR');
  });

  test('details edit: saved with the spec text; bad input refused with the spec text and nothing changed', async () => {
    const c = client();
    const info = await logIn(c, sql, DANA);
    const good = {
      FirstName: 'Dana',
      LastName: 'Cohen',
      EmailAddress1: 'dana.cohen@example.com',
      MobileNumber1: DANA.mobile,
      Address1: 'Herzl 1 #3',
      City: 'Haifa',
      DateOfBirth: '1990-05-01',
    };
    const saved = await c.call('PUT', `/api/customer-area/customers/${info.CustomerId}`, good);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('הפרטים שלך נשמרו בהצלחה.');
    expect(saved.body.customerAreaInfo).toMatchObject({
      LastName: 'Cohen',
      Address1: 'Herzl 1 3',
      DateOfBirth: '1990-05-01',
    });
    const bad = await c.call('PUT', `/api/customer-area/customers/${info.CustomerId}`, {
      ...good,
      EmailAddress1: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'CUSTOMER_SAVE_FAILED',
      message: 'שגיאה בשמירת הפרטים.',
      requestId: expect.any(String),
    });
    const other = await sql.query(`SELECT id FROM customer WHERE ssn = $1`, [ISRAEL.ssn]);
    const foreign = await c.call('PUT', `/api/customer-area/customers/${other.rows[0].id}`, good);
    expect(foreign.status).toBe(404);
    const israel = await sql.query(`SELECT last_name FROM customer WHERE ssn = $1`, [ISRAEL.ssn]);
    expect(israel.rows[0].last_name).toBe('ישראלי');
  });

  test('checkout login: /customer/mobile-login registers a new number when asked, refresh gives customerInfo', async () => {
    const c = client();
    const mobile = '0548887766';
    const { solveAltcha } = await import('../support/altcha');
    const r = await c.call('POST', '/api/customer/mobile-login', {
      mobileNumber: mobile,
      recaptchaToken: await solveAltcha(t.url, c.visitor),
      sendSmsRegardlessOfCustomerExistence: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const code = await waitForCode(sql, mobile);
    const v = await c.call('POST', '/api/customer/mobile-login-validation-area', {
      smsCode: code,
      mobileNumber: mobile,
    });
    expect(v.status).toBe(200);
    expect(v.body.customerInfo.MobileNumber1).toBe(mobile);
    const refresh = await c.call('POST', '/api/customer/refresh');
    expect(refresh.body.customerInfo.CustomerId).toBe(v.body.customerInfo.CustomerId);
    expect((await c.call('GET', '/api/customer/locations')).body.locations.length).toBeGreaterThan(0);
    expect((await c.call('POST', '/api/customer/logout')).status).toBe(200);
    expect((await c.call('POST', '/api/customer/refresh')).status).toBe(401);
  });

  test('password login is off in this deployment', async () => {
    const c = client();
    const r = await c.call('POST', '/api/customer/login', {
      email: 'israel@example.com',
      password: 'demo-password-1',
      recaptchaToken: 'x',
    });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('PASSWORD_LOGIN_DISABLED');
  });
});

describe('customer login limits (per mobile number and per address)', () => {
  let t: TestApp;
  let sql: Client;

  beforeAll(async () => {
    t = await startTestApp({
      CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '3',
      CUSTOMER_OTP_SENDS_PER_IP_HOUR: '4',
      CUSTOMER_OTP_GUESSES_PER_IP_10MIN: '8',
      CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '10',
    });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  test('codes per mobile number: the 4th login of the hour is refused, known or unknown number alike', async () => {
    for (const who of [ISRAEL, { ssn: '000000067', mobile: '0501112222' }]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await customerClient(t.url, newVisitor()).requestCode({ mobileNumber: who.mobile, ssn: who.ssn })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const refused = await customerClient(t.url, newVisitor()).requestCode({
      mobileNumber: ISRAEL.mobile,
      ssn: ISRAEL.ssn,
    });
    expect(refused.body.error).toBe('OTP_RATE_LIMITED');
    // 429 with Retry-After: the rest of the hour's window, never more.
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3600);
  });

  test('codes per address: the 5th number from one address is refused', async () => {
    const c = customerClient(t.url, newVisitor());
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const fresh = new CustomerClient(t.url, newVisitor(), c.ip);
      statuses.push((await fresh.requestCode({ mobileNumber: `05030000${10 + i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  test('guesses per address: the 9th guess in 10 minutes is refused whatever login it targets', async () => {
    const c = customerClient(t.url, newVisitor());
    await c.requestCode({ mobileNumber: DANA.mobile, ssn: DANA.ssn });
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await c.validate('000000')).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    const refused = await c.validate('000000');
    expect(refused.body.error).toBe('OTP_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  });

  test('guesses per mobile number: past the hourly limit the number is refused, from any address', async () => {
    const guessesPerMobile = 10; // CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR in this app
    const first = customerClient(t.url, newVisitor());
    expect((await first.requestCode({ mobileNumber: '0504440000' })).status).toBe(200);
    const statuses: number[] = [];
    // A new address for each guess (well under the per-address limit): only the per-number counter sees them all.
    for (let i = 0; i <= guessesPerMobile; i++) {
      const elsewhere = customerClient(t.url, first.visitor);
      for (const [k, v] of first.cookies) elsewhere.cookies.set(k, v);
      statuses.push((await elsewhere.validate('000000')).status);
    }
    // The code itself dies after 5 wrong guesses (401 SMS_CODE_EXPIRED); the number's limit still counts.
    expect(statuses.slice(0, guessesPerMobile)).toEqual(Array(guessesPerMobile).fill(401));
    expect(statuses[guessesPerMobile]).toBe(429);
  });
});

describe('password login behind CUSTOMER_PASSWORD_LOGIN (argon2id)', () => {
  let t: TestApp;
  let sql: Client;

  beforeAll(async () => {
    t = await startTestApp({ CUSTOMER_PASSWORD_LOGIN: 'true', CUSTOMER_OTP_GUESSES_PER_IP_10MIN: '1000' });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  async function passwordLogin(c: CustomerClient, email: string, password: string, token?: string) {
    const { solveAltcha } = await import('../support/altcha');
    return c.call('POST', '/api/customer/login', {
      email,
      password,
      recaptchaToken: token ?? (await solveAltcha(t.url, c.visitor)),
      includeMemberships: true,
    });
  }

  test('passwords are stored only as argon2id hashes', async () => {
    const r = await sql.query(`SELECT password_hash FROM customer WHERE email = 'israel@example.com'`);
    const hash: string = r.rows[0].password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain('demo-password-1');
  });

  test('the right password logs in with an httpOnly session; a wrong one and an unknown e-mail answer alike', async () => {
    const c = customerClient(t.url, newVisitor());
    const ok = await passwordLogin(c, 'Israel@Example.com', 'demo-password-1');
    expect(ok.status).toBe(200);
    expect(ok.body.customerInfo.SSN).toBe(ISRAEL.ssn);
    const cookie = c.setCookieHeaders.find((h) => h.startsWith('customer_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await c.call('POST', '/api/customer/refresh')).body.customerInfo.SSN).toBe(ISRAEL.ssn);

    const wrong = await passwordLogin(customerClient(t.url, newVisitor()), 'israel@example.com', 'demo-password-2');
    const unknown = await passwordLogin(customerClient(t.url, newVisitor()), 'nobody@example.com', 'demo-password-1');
    const noPassword = await passwordLogin(customerClient(t.url, newVisitor()), 'oleg@example.com', 'anything');
    for (const r of [wrong, unknown, noPassword]) {
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('LOGIN_FAILED');
      expect(r.body.message).toBe(wrong.body.message);
      expect(r.headers.getSetCookie().some((h) => h.startsWith('customer_session='))).toBe(false);
    }
  });

  test('the bot check comes first', async () => {
    const r = await passwordLogin(customerClient(t.url, newVisitor()), 'israel@example.com', 'demo-password-1', 'x');
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('INVALID_CAPTCHA');
  });

  test('guessing one e-mail: the 11th try of the hour is refused with Retry-After, from any address, even the right password', async () => {
    const { solveAltcha } = await import('../support/altcha');
    const visitor = newVisitor();
    const token = await solveAltcha(t.url, visitor);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const c = customerClient(t.url, visitor);
      statuses.push((await passwordLogin(c, 'dana@example.com', `guess-${i}`, token)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const refused = await passwordLogin(customerClient(t.url, visitor), 'dana@example.com', 'demo-password-2', token);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('OTP_RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('customer secret in production', () => {
  test('production refuses to start with the development customer secret, and starts with a real one', () => {
    // Otherwise valid production settings, so the refusal is the customer secret's own.
    const production = {
      DATABASE_URL: 'postgres://unused/unused',
      NODE_ENV: 'production',
      ALTCHA_HMAC_KEY: 'a-production-altcha-secret-0123456789',
      TICKET_SIGNING_KEY: 'a-production-ticket-secret-0123456789',
      PUBLIC_BASE_URL: 'https://tickets.example.org',
      DEV_MESSAGES_ENABLED: 'false',
    };
    expect(() => testConfig(production)).toThrow(/CUSTOMER_SECRET/);
    expect(() =>
      testConfig({ ...production, CUSTOMER_SECRET: 'a-real-secret-of-at-least-32-characters!' }),
    ).not.toThrow();
    expect(() => testConfig({ ...production, NODE_ENV: 'development' })).not.toThrow();
  });
});
