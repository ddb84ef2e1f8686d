import {
  checkCustomerDetails,
  customerDetailsSchema,
  DEFAULT_CUSTOMER_FORM,
  resolveCustomerFormConfig,
} from '../customer-schema';

const good = {
  firstName: ' Dana ',
  lastName: 'Ben-David',
  email: 'dana@example.co.il',
  mobileNumber: '+972 52-123-4567',
  verifyMobileNumber: '052 1234567',
  termsAccepted: true,
};
const today = new Date('2026-06-01T00:00:00Z');

describe('customer details schema', () => {
  test('defaults: the four order fields, normalised; hidden fields dropped', () => {
    const r = customerDetailsSchema().safeParse({ ...good, city: 'ignored', ssn: '123' });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      firstName: 'Dana',
      lastName: 'Ben-David',
      email: 'dana@example.co.il',
      mobileNumber: '0521234567',
      isMailingAllowed: false,
      termsAccepted: true,
    });
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['required (he)', { firstName: '' }, 'firstName', 'השדה שם פרטי הוא שדה חובה!'],
    ['required when absent', { lastName: undefined }, 'lastName', 'השדה שם משפחה הוא שדה חובה!'],
    ['letters only', { firstName: 'Dana1' }, 'firstName', 'יש להזין אותיות בלבד!'],
    ['email', { email: 'dana@' }, 'email', 'יש להזין כתובת דוא"ל תקינה!'],
    ['max', { lastName: 'א'.repeat(51) }, 'lastName', 'יש להזין לכל היותר 50 תווים'],
    [
      'mobile',
      { mobileNumber: '03-1234567', verifyMobileNumber: '03-1234567' },
      'mobileNumber',
      'יש להזין מספר טלפון נייד תקין',
    ],
    ['mobiles match', { verifyMobileNumber: '0521234568' }, 'verifyMobileNumber', 'מספרי הטלפון הנייד אינם תואמים'],
    ['verify required', { verifyMobileNumber: '' }, 'verifyMobileNumber', 'השדה אימות טלפון נייד הוא שדה חובה!'],
    ['terms', { termsAccepted: false }, 'termsAccepted', 'יש לאשר את תנאי השימוש'],
  ])('%s', (_name, change, path, message) => {
    const r = customerDetailsSchema(DEFAULT_CUSTOMER_FORM, 'he').safeParse({ ...good, ...change });
    expect(r.success).toBe(false);
    expect(r.error!.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
  });

  test("English messages are the spec's text", () => {
    const { issues } = checkCustomerDetails(
      { ...good, firstName: '', email: 'x', verifyMobileNumber: '0500000000' },
      DEFAULT_CUSTOMER_FORM,
      'en',
    );
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message]))).toEqual({
      firstName: 'the field first name is required!',
      email: 'must be an email address!',
      verifyMobileNumber: 'mobile numbers do not match',
    });
  });

  test('per-deployment flags: SSN with checksum, address cleaned of #, postal code digits, date of birth', () => {
    const config = resolveCustomerFormConfig({
      fields: {
        ssn: { isRequired: true },
        address1: { isIncluded: true },
        postalCode: { isIncluded: true },
        dateOfBirth: { isIncluded: true },
      },
      termsRequired: false,
    });
    expect(config.fields.ssn).toEqual({ isRequired: true, isIncluded: true });
    const ok = checkCustomerDetails(
      {
        ...good,
        ssn: '18',
        address1: 'Herzl 5 # 3',
        postalCode: '6100001',
        dateOfBirth: '1990-02-28',
        termsAccepted: false,
      },
      config,
      'en',
      today,
    );
    expect(ok.issues).toEqual([]);
    expect(ok.value).toMatchObject({
      ssn: '000000018',
      address1: 'Herzl 5 3',
      postalCode: '6100001',
      dateOfBirth: '1990-02-28',
    });
    const bad = checkCustomerDetails(
      { ...good, ssn: '123456789', postalCode: '12a', dateOfBirth: '1990-02-30' },
      config,
      'en',
      today,
    );
    expect(Object.fromEntries(bad.issues.map((i) => [i.path, i.message]))).toEqual({
      ssn: 'the ID number is not valid',
      postalCode: 'must be digits only!',
      dateOfBirth: 'must be a valid date',
    });
    expect(checkCustomerDetails({ ...good }, config, 'en', today).issues).toEqual([
      { path: 'ssn', message: 'the field ID number is required!' },
    ]);
  });

  test('a required field is always shown; not an object is refused', () => {
    expect(
      resolveCustomerFormConfig({ fields: { city: { isRequired: true, isIncluded: false } } }).fields.city,
    ).toEqual({ isRequired: true, isIncluded: true });
    expect(customerDetailsSchema().safeParse('dana').success).toBe(false);
    expect(customerDetailsSchema(DEFAULT_CUSTOMER_FORM, 'xx').safeParse({}).error!.issues[0]!.message).toBe(
      'השדה שם פרטי הוא שדה חובה!',
    );
  });

  test('Russian and Arabic have every message', () => {
    for (const locale of ['ru', 'ar'] as const) {
      const { issues } = checkCustomerDetails({}, DEFAULT_CUSTOMER_FORM, locale);
      expect(issues.length).toBeGreaterThan(3);
      for (const i of issues) expect(i.message).not.toMatch(/\{|[a-z]{4}/);
    }
  });
});
