import { MAX_TOKEN_LENGTH, parseAltchaToken } from '../src/botcheck/altcha-payload';

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');

const good = {
  challenge: {
    parameters: {
      algorithm: 'SHA-256',
      cost: 1,
      keyLength: 32,
      expiresAt: 1_900_000_000,
      nonce: 'ab'.repeat(16),
      salt: 'cd'.repeat(16),
      keyPrefix: 'ef'.repeat(16),
      keySignature: '01'.repeat(32),
    },
    signature: '23'.repeat(32),
  },
  solution: { counter: 7, derivedKey: 'ef'.repeat(32), time: 0.1 },
};

describe('parseAltchaToken (cheap checks before any crypto)', () => {
  test('a well-formed payload parses, keeping every field the signature covers', () => {
    const parsed = parseAltchaToken(b64(good));
    expect(parsed).toEqual({ ok: true, payload: good });
  });

  test('unknown extra parameters are kept, not stripped (the signature check must see them)', () => {
    const withData = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, data: { x: 1 } } },
    };
    const parsed = parseAltchaToken(b64(withData));
    expect(parsed.ok && parsed.payload.challenge.parameters.data).toEqual({ x: 1 });
  });

  test.each<[string, unknown, string]>([
    ['a number', 42, 'not_a_string'],
    ['an object', good, 'not_a_string'],
    ['undefined', undefined, 'not_a_string'],
    ['empty', '', 'empty'],
    ['over 4 KB', 'A'.repeat(MAX_TOKEN_LENGTH + 4), 'too_long'],
    ['not base64', 'ab$d', 'not_base64'],
    ['base64 of the wrong length', b64(good) + 'A', 'not_base64'],
    ['base64 of text', b64('plain text!'), 'not_json'],
    ['no solution', b64({ challenge: good.challenge }), 'bad_shape'],
    [
      'no expiry',
      b64({
        ...good,
        challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, expiresAt: undefined } },
      }),
      'bad_shape',
    ],
    ['negative counter', b64({ ...good, solution: { ...good.solution, counter: -1 } }), 'bad_shape'],
    ['fractional counter', b64({ ...good, solution: { ...good.solution, counter: 1.5 } }), 'bad_shape'],
    ['non-hex signature', b64({ ...good, challenge: { ...good.challenge, signature: 'zz'.repeat(32) } }), 'bad_shape'],
    ['short signature', b64({ ...good, challenge: { ...good.challenge, signature: 'ab' } }), 'bad_shape'],
    [
      'string cost',
      b64({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: '1' } } }),
      'bad_shape',
    ],
  ])('%s is refused as %s', (_name, token, problem) => {
    expect(parseAltchaToken(token)).toEqual({ ok: false, problem });
  });

  test('spaces (a "+" lost in a query string) are read back as "+"', () => {
    const token = b64({ ...good, solution: { ...good.solution, note: '~~~~~~' } });
    expect(token).toContain('+');
    expect(parseAltchaToken(token.replace(/\+/g, ' ')).ok).toBe(true);
  });
});
