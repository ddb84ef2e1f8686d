import { buyer, call, newVisitor, startBooking } from './support/booking-kit';

/** The SANDBOX hosted card page: a simulation that says so, in the visitor's language and direction. */
describe('sandbox card page', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  beforeAll(async () => {
    env = await startBooking();
  });
  afterAll(() => env.close());

  const openForm = async (locale: string) => {
    const b = await buyer(env.t.url);
    const r = await call(
      env.t.url,
      'GET',
      `/api/payment/form/${locale}?recaptchaToken=${encodeURIComponent(b.token)}&total=123.40&ssn=000000018`,
      b.id,
    );
    expect(r.status).toBe(200);
    expect(r.body.paymentFormURL).toMatch(/^\/api\/payment\/sandbox\/form\/[A-Za-z0-9_-]{43}\?lang=/);
    return { b, url: `${env.t.url}${r.body.paymentFormURL}` };
  };
  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  test.each([
    ['he', 'rtl', 'אין חיוב בכסף אמיתי'],
    ['ar', 'rtl', 'لا يتم خصم أموال حقيقية'],
    ['en', 'ltr', 'SANDBOX - no real money'],
    ['ru', 'ltr', 'реальные деньги не списываются'],
  ])(
    '%s: direction %s, the sandbox banner, the amount, instalments and the test cards',
    async (locale, dir, banner) => {
      const { url } = await openForm(locale);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      const html = await page.text();
      expect(html).toContain(`<html lang="${locale}" dir="${dir}">`);
      expect(html).toContain(banner);
      expect(html).toContain('SANDBOX');
      expect(html).toMatch(/123[.,]40/);
      expect(html).toContain('4580 0000 0000 0000');
      expect(html).toMatch(/<select id="instalments" name="instalments">(<option[^>]*>\d+<\/option>){12}<\/select>/);
      for (const name of ['cardNumber', 'expiry', 'cvv', 'holderId']) expect(html).toContain(`name="${name}"`);
      // No English sentence on a page in another language (the banner says SANDBOX in the page's own words).
      if (locale !== 'en') expect(html).not.toContain('no real money');
    },
  );

  test('only test cards, a valid expiry, CVV and holder ID; a card number is never echoed back', async () => {
    const { url } = await openForm('en');
    const bad = await post(url, {
      cardNumber: '4111 1111 1111 1111',
      expiry: '01/20',
      cvv: '12',
      holderId: '123456789',
      instalments: '99',
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const text of [
      'The sandbox accepts only the test cards',
      'The expiry date is not valid',
      'The CVV is not valid',
      'The ID number is not valid',
      'The number of instalments is not valid',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('4111');
    const ok = await post(url, {
      cardNumber: '4580000000000000',
      expiry: '12/39',
      cvv: '123',
      holderId: '000000018',
      instalments: '6',
    });
    expect(ok.status).toBe(200);
    const done = await ok.text();
    expect(done).toContain('"type":"hotline:payment-authorised"');
    expect(done).toContain('"numberOfPayments":6');
    expect(done).toContain('"cardLast4":"0000"');
    expect(done).toContain('postMessage(message, window.location.origin)');
    const stored = (
      await env.sql.query(
        'SELECT card_last4, outcome, instalments FROM sandbox_card_authorisation ORDER BY created_at DESC LIMIT 1',
      )
    ).rows[0];
    expect(stored).toEqual({ card_last4: '0000', outcome: 'approve', instalments: 6 });
  });

  test('an unknown or expired form is a 404 page; the form call needs a bot check', async () => {
    const missing = await fetch(`${env.t.url}/api/payment/sandbox/form/${'A'.repeat(43)}?lang=he`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('דף התשלום פג תוקף');
    expect((await fetch(`${env.t.url}/api/payment/sandbox/form/short`)).status).toBe(400);
    const v = newVisitor();
    expect((await call(env.t.url, 'GET', '/api/payment/form/he?total=10', v)).status).toBe(400);
    expect((await call(env.t.url, 'GET', '/api/payment/form/he?total=10&recaptchaToken=forged', v)).status).toBe(403);
    const { b } = await openForm('xx');
    const r = await call(
      env.t.url,
      'GET',
      `/api/payment/form/he?recaptchaToken=${encodeURIComponent(b.token)}&total=1.234`,
      b.id,
    );
    expect(r.body.error).toBe('INVALID_QUERY');
  });
});
