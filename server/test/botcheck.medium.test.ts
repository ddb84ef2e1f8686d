import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { AppError } from '../src/common/app-error';
import { BotCheck } from '../src/botcheck/bot-check.port';
import { AltchaBotCheck } from '../src/botcheck/altcha-bot-check';
import { createChallenge, deriveKeyFor, type AltchaPayload } from '../src/botcheck/altcha-lib';
import { REDIS } from '../src/redis/redis.module';
import { LOGGER } from '../src/common/logger';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { encodeAltchaPayload, fetchAltchaChallenge, solveAltcha, solveAltchaChallenge } from './support/altcha';
import { at } from './support/at';
import { startTestApp, type ProviderOverride, type TestApp } from './support/test-env';
import { UnsafeGetThenSetBotCheck } from './support/unsafe-altcha-bot-check';

let t: TestApp;
let botCheck: BotCheck;

beforeAll(async () => {
  t = await startTestApp();
  botCheck = t.app.get(BotCheck);
});
afterAll(async () => {
  await t?.close();
});

const visitor = () => randomUUID();

function decode(token: string): AltchaPayload {
  return JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as AltchaPayload;
}

/** The outcome of a verify call: 'ok', or the AppError code and status it threw. */
async function outcome(check: BotCheck, token: unknown, visitorId: string): Promise<string> {
  try {
    await check.verify(token, visitorId);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return `${error.code} ${error.status}`;
    throw error;
  }
}
const REFUSED = 'INVALID_CAPTCHA 403';

describe('GET /api/altcha/challenge', () => {
  test('answers a signed altcha-lib v2 challenge, not cacheable, without the secret counter', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await fetch(`${t.url}/api/altcha/challenge`, { headers: { uuid: visitor() } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { signature: string; parameters: { expiresAt: number } };
    expect(Object.keys(body).sort()).toEqual(['parameters', 'signature']);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters).toEqual({
      algorithm: 'SHA-256',
      cost: 1,
      keyLength: 32,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: expect.any(Number),
    });
    expect(body.parameters.expiresAt).toBeGreaterThanOrEqual(before + t.config.ALTCHA_CHALLENGE_TTL_SECONDS);
    expect(body.parameters.expiresAt).toBeLessThanOrEqual(before + t.config.ALTCHA_CHALLENGE_TTL_SECONDS + 2);
    expect(JSON.stringify(body)).not.toContain('counter');
  });

  test('every challenge is different', async () => {
    const [a, b] = await Promise.all([fetchAltchaChallenge(t.url, visitor()), fetchAltchaChallenge(t.url, visitor())]);
    expect(a.signature).not.toBe(b.signature);
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });

  test('the test difficulty keeps solving cheap (counter <= ALTCHA_MAX_NUMBER = 20)', async () => {
    const token = await solveAltcha(t.url, visitor());
    expect(decode(token).solution.counter).toBeLessThanOrEqual(20);
  });

  test('is in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/altcha/challenge');
  });
});

describe('AltchaBotCheck.verify', () => {
  test('a real solution is accepted for the visitor who sends it first', async () => {
    const a = visitor();
    const token = await solveAltcha(t.url, a);
    expect(await outcome(botCheck, token, a)).toBe('ok');
  });

  test('the same visitor may send the same solution again (solve once per visit)', async () => {
    const a = visitor();
    const token = await solveAltcha(t.url, a);
    expect(await outcome(botCheck, token, a)).toBe('ok');
    expect(await outcome(botCheck, token, a)).toBe('ok');
    expect(await outcome(botCheck, token, a)).toBe('ok');
  });

  test('another visitor sending a used solution is refused; the owner keeps it', async () => {
    const [a, b] = [visitor(), visitor()];
    const token = await solveAltcha(t.url, a);
    expect(await outcome(botCheck, token, a)).toBe('ok');
    expect(await outcome(botCheck, token, b)).toBe(REFUSED);
    expect(await outcome(botCheck, token, a)).toBe('ok');
  });

  test('the binding lives in Redis under the configured prefix with the binding TTL', async () => {
    const a = visitor();
    const token = await solveAltcha(t.url, a);
    await botCheck.verify(token, a);
    const redis = t.app.get<Redis>(REDIS);
    const keys = await redis.keys(`${t.config.REDIS_PREFIX}altcha:*`);
    const owners = await Promise.all(keys.map((k) => redis.get(k)));
    const key = at(keys, owners.indexOf(a), 'altcha key bound to the visitor');
    expect(key).toMatch(/altcha:[0-9a-f]{64}$/);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(t.config.ALTCHA_BINDING_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(t.config.ALTCHA_BINDING_TTL_SECONDS);
  });

  test('re-encoding a used solution (other key order, whitespace) does not dodge the binding', async () => {
    const [a, b] = [visitor(), visitor()];
    const token = await solveAltcha(t.url, a);
    await botCheck.verify(token, a);
    const p = decode(token);
    const reordered = Buffer.from(
      JSON.stringify(
        { solution: p.solution, challenge: { signature: p.challenge.signature, parameters: p.challenge.parameters } },
        null,
        2,
      ),
    ).toString('base64');
    expect(reordered).not.toBe(token);
    expect(await outcome(botCheck, reordered, b)).toBe(REFUSED);
    expect(await outcome(botCheck, reordered, a)).toBe('ok');
  });

  test('an unused solution goes to whoever uses it first, not to whoever fetched the challenge', async () => {
    const [fetcher, user] = [visitor(), visitor()];
    const token = await solveAltcha(t.url, fetcher);
    expect(await outcome(botCheck, token, user)).toBe('ok');
    expect(await outcome(botCheck, token, fetcher)).toBe(REFUSED);
  });

  describe('tampered payloads are refused', () => {
    let fresh: AltchaPayload;
    beforeAll(async () => {
      fresh = decode(await solveAltcha(t.url, visitor()));
    });
    const tamper = (change: (p: AltchaPayload) => void) => {
      const copy = structuredClone(fresh);
      change(copy);
      return encodeAltchaPayload(copy);
    };
    const flipHex = (s: string) => (s[0] === '0' ? '1' : '0') + s.slice(1);

    test.each<[string, (p: AltchaPayload) => void]>([
      [
        'signature changed',
        (p) => {
          p.challenge.signature = flipHex(p.challenge.signature!);
        },
      ],
      [
        'signature removed',
        (p) => {
          delete p.challenge.signature;
        },
      ],
      [
        'expiry pushed out',
        (p) => {
          p.challenge.parameters.expiresAt! += 86_400;
        },
      ],
      [
        'easier key prefix',
        (p) => {
          p.challenge.parameters.keyPrefix = '0';
        },
      ],
      [
        'key signature changed',
        (p) => {
          p.challenge.parameters.keySignature = flipHex(p.challenge.parameters.keySignature!);
        },
      ],
      [
        'nonce changed',
        (p) => {
          p.challenge.parameters.nonce = flipHex(p.challenge.parameters.nonce);
        },
      ],
      [
        'algorithm changed',
        (p) => {
          p.challenge.parameters.algorithm = 'SHA-512';
        },
      ],
      [
        'unknown algorithm',
        (p) => {
          p.challenge.parameters.algorithm = 'ARGON2ID';
        },
      ],
      [
        'extra signed-looking parameter',
        (p) => {
          (p.challenge.parameters as unknown as Record<string, unknown>).data = { admin: true };
        },
      ],
      [
        'wrong derived key',
        (p) => {
          p.solution.derivedKey = flipHex(p.solution.derivedKey);
        },
      ],
      [
        'upper-case derived key',
        (p) => {
          p.solution.derivedKey = p.solution.derivedKey.toUpperCase();
        },
      ],
      [
        'derived key missing',
        (p) => {
          delete (p.solution as Partial<AltchaPayload['solution']>).derivedKey;
        },
      ],
      [
        'counter not a number',
        (p) => {
          (p.solution as unknown as Record<string, unknown>).counter = '3';
        },
      ],
    ])('%s', async (_name, change) => {
      expect(await outcome(botCheck, tamper(change), visitor())).toBe(REFUSED);
    });

    test('the untampered original is still accepted afterwards', async () => {
      expect(await outcome(botCheck, encodeAltchaPayload(fresh), visitor())).toBe('ok');
    });
  });

  test('a challenge signed with another key is refused', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3,
      deriveKey: deriveKeyFor('SHA-256'),
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: 'somebody-elses-altcha-key',
    });
    expect(await outcome(botCheck, await solveAltchaChallenge(challenge), visitor())).toBe(REFUSED);
  });

  test('a challenge with our key but no expiry is refused (ours always expire)', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3,
      deriveKey: deriveKeyFor('SHA-256'),
      hmacSignatureSecret: t.config.ALTCHA_HMAC_KEY,
    });
    expect(await outcome(botCheck, await solveAltchaChallenge(challenge), visitor())).toBe(REFUSED);
  });

  test('control: a challenge minted with our key and a future expiry is accepted (the two refusals above are about key and expiry)', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3,
      deriveKey: deriveKeyFor('SHA-256'),
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: t.config.ALTCHA_HMAC_KEY,
    });
    expect(await outcome(botCheck, await solveAltchaChallenge(challenge), visitor())).toBe('ok');
  });

  test('a challenge with our key that expired is refused', async () => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3,
      deriveKey: deriveKeyFor('SHA-256'),
      expiresAt: Math.floor(Date.now() / 1000) - 5,
      hmacSignatureSecret: t.config.ALTCHA_HMAC_KEY,
    });
    expect(await outcome(botCheck, await solveAltchaChallenge(challenge), visitor())).toBe(REFUSED);
  });

  test.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a number', 12345],
    ['an object', { challenge: {}, solution: {} }],
    ['an array', ['a']],
    ['an empty string', ''],
    ['longer than 4 KB', 'A'.repeat(4100)],
    ['not base64', '!!!not-base64!!!'],
    ['base64 of non-JSON', Buffer.from('hello there').toString('base64')],
    ['base64 of the wrong JSON', Buffer.from('{"a":1}').toString('base64')],
    ['base64 of JSON null', Buffer.from('null').toString('base64')],
  ])('a token that is %s is refused', async (_name, token) => {
    expect(await outcome(botCheck, token, visitor())).toBe(REFUSED);
  });

  test('a real solution padded past 4 KB is refused', async () => {
    const p = decode(await solveAltcha(t.url, visitor()));
    const padded = Buffer.from(JSON.stringify(p) + ' '.repeat(4096)).toString('base64');
    expect(await outcome(botCheck, padded, visitor())).toBe(REFUSED);
  });

  test('a token whose "+" became spaces in a query string still verifies', async () => {
    const a = visitor();
    // Hex-and-ASCII JSON rarely encodes to '+'; '~~~' always does ('fn5+'). Unsigned extra fields are ignored.
    const p = decode(await solveAltcha(t.url, a));
    const token = encodeAltchaPayload({
      ...p,
      solution: { ...p.solution, note: '~~~~~~' } as AltchaPayload['solution'],
    });
    expect(token).toContain('+');
    expect(await outcome(botCheck, token.replace(/\+/g, ' '), a)).toBe('ok');
  });

  test("INVALID_CAPTCHA (and the spec's lowercase invalid_captcha) speak all four languages", () => {
    for (const code of ['INVALID_CAPTCHA', 'invalid_captcha']) {
      const error = new AppError(code);
      expect(error.status).toBe(403);
      const texts = (['he', 'en', 'ru', 'ar'] as const).map((l) => error.translate(l));
      expect(new Set(texts).size).toBe(4);
      expect(texts.every((text) => text !== code && text.length > 10)).toBe(true);
    }
    expect(new AppError('INVALID_CAPTCHA').translate('en')).toBe(
      'The security check failed or expired. Please try again.',
    );
  });
});

describe('expiry through ALTCHA_CHALLENGE_TTL_SECONDS', () => {
  let short: TestApp;
  beforeAll(async () => {
    // 3 s, not 1: a loaded machine can take over a second to fetch and solve the first challenge.
    short = await startTestApp({ ALTCHA_CHALLENGE_TTL_SECONDS: '3' }, t.db);
  });
  afterAll(async () => {
    await short?.close();
  });

  test('an unused challenge dies at its expiry; a solution bound while fresh stays good for its owner only', async () => {
    const check = short.app.get(BotCheck);
    const [owner, other, late] = [visitor(), visitor(), visitor()];
    const used = await solveAltcha(short.url, owner);
    const unused = await solveAltcha(short.url, late);
    expect(await outcome(check, used, owner)).toBe('ok');
    const { expiresAt } = decode(unused).challenge.parameters;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt! * 1000 - Date.now()) + 1100));
    expect(await outcome(check, unused, late)).toBe(REFUSED);
    expect(await outcome(check, used, owner)).toBe('ok');
    expect(await outcome(check, used, other)).toBe(REFUSED);
  });
});

describe('binding is atomic across nodes', () => {
  /** Two app instances sharing one Redis prefix, like two replicas behind the load balancer. */
  async function twoNodes(providers: ProviderOverride[] = []): Promise<[TestApp, TestApp]> {
    const prefix = `test:race:${randomUUID().slice(0, 8)}:`;
    const one = await startTestApp({ REDIS_PREFIX: prefix }, t.db, providers);
    const two = await startTestApp({ REDIS_PREFIX: prefix }, t.db, providers);
    return [one, two];
  }

  /** 20 visitors send the same fresh token at once, half to each node; returns how many were accepted, per round. */
  async function race(nodes: [TestApp, TestApp], rounds: number): Promise<number[]> {
    const accepted: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const token = await solveAltcha(nodes[0].url, visitor());
      const visitors = Array.from({ length: 20 }, visitor);
      const results = await Promise.all(
        visitors.map((v, i) => outcome(nodes[i % 2 === 0 ? 0 : 1].app.get(BotCheck), token, v)),
      );
      expect(results.every((r) => r === 'ok' || r === REFUSED)).toBe(true);
      const winners = visitors.filter((_, i) => results[i] === 'ok');
      accepted.push(winners.length);
      if (winners.length === 1) {
        // The winner may replay on either node; everyone else stays refused.
        expect(await outcome(nodes[1].app.get(BotCheck), token, at(winners, 0))).toBe('ok');
        expect(
          await outcome(
            nodes[0].app.get(BotCheck),
            token,
            visitors.find((v) => v !== winners[0])!,
          ),
        ).toBe(REFUSED);
      }
    }
    return accepted;
  }

  test('SET NX: exactly one of 20 concurrent visitors gets the token, every round', async () => {
    const nodes = await twoNodes();
    try {
      expect(await race(nodes, 5)).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });

  test('control: GET-then-SET (a test-only provider override) lets several visitors share one token', async () => {
    const nodes = await twoNodes([
      {
        provide: AltchaBotCheck,
        inject: [APP_CONFIG, REDIS, LOGGER],
        useFactory: (config: AppConfig, redis: Redis, logger: Logger) =>
          new UnsafeGetThenSetBotCheck(config, redis, logger),
      },
    ]);
    try {
      const accepted = await race(nodes, 5);
      // The race must show up, or the test above proves nothing.
      expect(Math.max(...accepted)).toBeGreaterThan(1);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });

  test('no unsafe switch is left in the production sources', () => {
    const src = path.join(__dirname, '../src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const offenders = files.filter((f) => /ALTCHA_UNSAFE|GetThenSet/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
