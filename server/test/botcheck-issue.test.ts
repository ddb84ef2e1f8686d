import {
  ALTCHA_ALGORITHMS,
  createChallenge,
  deriveKeyFor,
  solveChallenge,
  verifySolution,
  type AltchaAlgorithm,
  type AltchaChallenge,
} from '../src/botcheck/altcha-lib';
import { issueKeySignedChallenge } from '../src/botcheck/altcha-issue';

const secrets = { signature: 'test-only-altcha-signature-key', keySignature: 'test-only-altcha-key-signature' };
const expiresAt = Math.floor(Date.now() / 1000) + 600;

function theirs(algorithm: AltchaAlgorithm, counter: number, data?: Record<string, number>): Promise<AltchaChallenge> {
  return createChallenge({
    algorithm,
    cost: 2,
    counter,
    deriveKey: deriveKeyFor(algorithm),
    expiresAt,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
    ...(data ? { data } : {}),
  } as Parameters<typeof createChallenge>[0]);
}

async function solvedBy(challenge: AltchaChallenge) {
  const solution = await solveChallenge({
    challenge,
    deriveKey: deriveKeyFor(challenge.parameters.algorithm as AltchaAlgorithm),
    timeout: 10_000,
  });
  if (!solution) throw new Error('not solved');
  return solution;
}

// Each algorithm the config allows, with and without a work factor in `data`.
const cases = ALTCHA_ALGORITHMS.flatMap((algorithm) => [
  [algorithm, undefined],
  [algorithm, { work: 4 }],
]) as [AltchaAlgorithm, Record<string, number> | undefined][];

describe.each(cases)('%s, data %j', (algorithm, data) => {
  const counter = 5;

  test("the same parameters as altcha-lib's createChallenge, in the same order, with the same key prefix length", async () => {
    const ours = await issueKeySignedChallenge({ algorithm, cost: 2, counter, expiresAt, data }, secrets);
    const lib = await theirs(algorithm, counter, data);
    expect(Object.keys(ours.parameters)).toEqual(Object.keys(lib.parameters));
    expect(ours.parameters.keyPrefix).toHaveLength(lib.parameters.keyPrefix.length);
    expect(ours.parameters.keySignature).toHaveLength(lib.parameters.keySignature!.length);
    expect(ours.signature).toHaveLength(lib.signature!.length);
    const { nonce: _n, salt: _s, keyPrefix: _p, keySignature: _k, ...rest } = ours.parameters;
    const { nonce: _n2, salt: _s2, keyPrefix: _p2, keySignature: _k2, ...libRest } = lib.parameters;
    expect(rest).toEqual(libRest);
  });

  test("altcha-lib's solver finds the counter and its verifier accepts the solution, by key signature and by deriving the key again", async () => {
    const ours = await issueKeySignedChallenge({ algorithm, cost: 2, counter, expiresAt, data }, secrets);
    const solution = await solvedBy(ours);
    expect(solution.counter).toBe(counter);
    const options = {
      challenge: ours,
      solution,
      deriveKey: deriveKeyFor(algorithm),
      hmacSignatureSecret: secrets.signature,
    };
    // With the key-signature secret: the signature over the parameters and the derived key's signature.
    expect((await verifySolution({ ...options, hmacKeySignatureSecret: secrets.keySignature })).verified).toBe(true);
    // Without it altcha-lib derives the key from the counter: the published prefix is the counter's.
    expect((await verifySolution(options)).verified).toBe(true);
    // Another signing key is refused.
    expect((await verifySolution({ ...options, hmacSignatureSecret: 'another-key-entirely' })).invalidSignature).toBe(
      true,
    );
  });
});

test('every challenge has its own nonce and salt', async () => {
  const order = { algorithm: 'SHA-256' as const, cost: 1, counter: 3, expiresAt };
  const [a, b] = await Promise.all([issueKeySignedChallenge(order, secrets), issueKeySignedChallenge(order, secrets)]);
  expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  expect(a.parameters.salt).not.toBe(b.parameters.salt);
});

test.each([
  ['a counter past 32 bits', { counter: 2 ** 32 }],
  ['a negative counter', { counter: -1 }],
  ['a fractional counter', { counter: 1.5 }],
  ['a cost of 0', { cost: 0 }],
])('%s is refused, as altcha-lib refuses it', async (_name, patch) => {
  const order = { algorithm: 'SHA-256' as const, cost: 1, counter: 3, expiresAt, ...patch };
  await expect(issueKeySignedChallenge(order, secrets)).rejects.toThrow();
  await expect(
    createChallenge({
      ...order,
      deriveKey: deriveKeyFor('SHA-256'),
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    }),
  ).rejects.toThrow();
});
