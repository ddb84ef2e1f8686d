import {
  apiDocsEnabled,
  ConfigValidationError,
  DEVELOPMENT_ALTCHA_HMAC_KEY,
  DEVELOPMENT_TICKET_SIGNING_KEY,
  parseAppConfig,
} from '../../src/config/app-config';
import { hashPassword } from '../../src/customers/password-login.service';

/** Production refuses development secrets and a missing public address. */
const PRODUCTION = {
  DATABASE_URL: 'postgres://u:p@db:5432/hotline',
  REDIS_URL: 'redis://redis:6379',
  NODE_ENV: 'production',
  ALTCHA_HMAC_KEY: 'a-production-altcha-secret-0123456789',
  TICKET_SIGNING_KEY: 'a-production-ticket-secret-0123456789',
  PUBLIC_BASE_URL: 'https://tickets.example.org',
  CUSTOMER_SECRET: 'a-production-customer-secret-0123456789',
};

function problem(env: Record<string, string | undefined>): string | null {
  try {
    parseAppConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.message;
    throw error;
  }
}

describe('production configuration', () => {
  test('a complete production configuration boots', () => {
    expect(problem(PRODUCTION)).toBeNull();
  });

  test.each([
    ['the development ALTCHA_HMAC_KEY', { ALTCHA_HMAC_KEY: DEVELOPMENT_ALTCHA_HMAC_KEY }, 'ALTCHA_HMAC_KEY'],
    ['no ALTCHA_HMAC_KEY (the development default)', { ALTCHA_HMAC_KEY: undefined }, 'ALTCHA_HMAC_KEY'],
    [
      'the development TICKET_SIGNING_KEY',
      { TICKET_SIGNING_KEY: DEVELOPMENT_TICKET_SIGNING_KEY },
      'TICKET_SIGNING_KEY',
    ],
    ['no TICKET_SIGNING_KEY (the development default)', { TICKET_SIGNING_KEY: undefined }, 'TICKET_SIGNING_KEY'],
    ['no CUSTOMER_SECRET (the development default)', { CUSTOMER_SECRET: undefined }, 'CUSTOMER_SECRET'],
    ['no PUBLIC_BASE_URL', { PUBLIC_BASE_URL: undefined }, 'PUBLIC_BASE_URL'],
    ['the development message store enabled', { DEV_MESSAGES_ENABLED: 'true' }, 'DEV_MESSAGES_ENABLED'],
    ["the tests' low password hashing cost", { PASSWORD_HASH_COST: 'test-only-weak' }, 'PASSWORD_HASH_COST'],
  ])('refuses to boot with %s, naming the variable', (_label, change, variable) => {
    expect(problem({ ...PRODUCTION, ...change })).toContain(variable);
  });

  test('NODE_ENV defaults to production: started directly with development secrets, the server refuses', () => {
    const { NODE_ENV: _omitted, ...withoutNodeEnv } = PRODUCTION;
    expect(parseAppConfig(withoutNodeEnv).NODE_ENV).toBe('production');
    expect(problem({ ...withoutNodeEnv, ALTCHA_HMAC_KEY: undefined })).toContain('ALTCHA_HMAC_KEY');
  });

  test("passwords are hashed at OWASP's argon2id cost unless the low test cost is asked for", async () => {
    expect(parseAppConfig(PRODUCTION).PASSWORD_HASH_COST).toBe('owasp');
    expect(await hashPassword('a password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('a password', 'owasp')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('a password', 'test-only-weak')).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
  });

  test('development and test keep their conveniences when said explicitly', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const config = parseAppConfig({
        DATABASE_URL: PRODUCTION.DATABASE_URL,
        REDIS_URL: PRODUCTION.REDIS_URL,
        NODE_ENV,
      });
      expect(config.ALTCHA_HMAC_KEY).toBe(DEVELOPMENT_ALTCHA_HMAC_KEY);
      expect(apiDocsEnabled(config)).toBe(true);
    }
  });

  test('the OpenAPI UI is off in production unless enabled', () => {
    expect(apiDocsEnabled(parseAppConfig(PRODUCTION))).toBe(false);
    expect(apiDocsEnabled(parseAppConfig({ ...PRODUCTION, API_DOCS_ENABLED: 'true' }))).toBe(true);
  });
});
