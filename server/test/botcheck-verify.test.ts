import {
  createChallenge,
  deriveKeyFor,
  solveChallenge,
  verifySolution,
  type AltchaChallenge,
  type AltchaSolution,
} from '../src/botcheck/altcha-lib';
import { verifyKeySignedSolution } from '../src/botcheck/altcha-verify';

const secrets = { signature: 'test-only-altcha-signature-key', keySignature: 'test-only-altcha-key-signature' };
const NOW = Date.now();
const inMinutes = (m: number) => Math.floor(NOW / 1000) + m * 60;

async function solved(options: { keySigned?: boolean; expiresAt?: number; secret?: string; work?: number } = {}) {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: 7,
    deriveKey: deriveKeyFor('SHA-256'),
    expiresAt: options.expiresAt ?? inMinutes(10),
    hmacSignatureSecret: options.secret ?? secrets.signature,
    ...(options.keySigned === false ? {} : { hmacKeySignatureSecret: secrets.keySignature }),
    ...(options.work ? { data: { work: options.work } } : {}),
  } as Parameters<typeof createChallenge>[0]);
  const solution = await solveChallenge({ challenge, deriveKey: deriveKeyFor('SHA-256'), timeout: 10_000 });
  if (!solution) throw new Error('not solved');
  return { challenge, solution };
}

type Case = [string, () => Promise<{ challenge: AltchaChallenge; solution: AltchaSolution }>];
const withSolution = (patch: Record<string, unknown>) => async () => {
  const s = await solved();
  return { ...s, solution: { ...s.solution, ...patch } as AltchaSolution };
};
const withParameters = (patch: Record<string, unknown>) => async () => {
  const s = await solved();
  return { ...s, challenge: { ...s.challenge, parameters: { ...s.challenge.parameters, ...patch } } };
};

// Each case against altcha-lib's own verifySolution on the same input: the same outcome, field by field.
const cases: Case[] = [
  ['a real solution', () => solved()],
  ['a real solution of a harder (work 4) challenge', () => solved({ work: 4 })],
  ['another derived key', withSolution({ derivedKey: 'ab'.repeat(32) })],
  [
    'the derived key in capitals',
    async () => {
      const s = await solved();
      return { ...s, solution: { ...s.solution, derivedKey: s.solution.derivedKey.toUpperCase() } };
    },
  ],
  [
    'a derived key of odd length',
    async () => {
      const s = await solved();
      return { ...s, solution: { ...s.solution, derivedKey: `${s.solution.derivedKey}0` } };
    },
  ],
  ['an empty derived key', withSolution({ derivedKey: '' })],
  ['a derived key that is a number', withSolution({ derivedKey: 12 })],
  ['a negative counter', withSolution({ counter: -1 })],
  ['a fractional counter', withSolution({ counter: 1.5 })],
  ['a counter past 32 bits', withSolution({ counter: 2 ** 32 })],
  ['a counter given as text', withSolution({ counter: '7' })],
  ['a raised work factor', withParameters({ data: { work: 100 } })],
  ['another key prefix', withParameters({ keyPrefix: '00' })],
  ['another key signature', withParameters({ keySignature: 'ab'.repeat(32) })],
  ['an extra parameter', withParameters({ extra: 'x' })],
  ['a later expiry', withParameters({ expiresAt: inMinutes(60) })],
  [
    'no signature',
    async () => {
      const s = await solved();
      return { ...s, challenge: { parameters: s.challenge.parameters } };
    },
  ],
  ['a signature made with another key', () => solved({ secret: 'someone-elses-altcha-key' })],
  ['an expired challenge', () => solved({ expiresAt: inMinutes(-1) })],
  ['an expired challenge with a bad signature', () => solved({ expiresAt: inMinutes(-1), secret: 'another' })],
];

test.each(cases)('%s: the same outcome as altcha-lib', async (_name, make) => {
  const { challenge, solution } = await make();
  const theirs = await verifySolution({
    challenge,
    solution,
    deriveKey: deriveKeyFor('SHA-256'),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  const ours = verifyKeySignedSolution(challenge, solution, secrets, Date.now());
  expect(ours).not.toBeNull();
  const fields = ({ expired, invalidSignature, invalidSolution, verified }: typeof theirs) => ({
    expired,
    invalidSignature,
    invalidSolution,
    verified,
  });
  expect(fields(ours!)).toEqual(fields(theirs));
});

test('the cases cover acceptance and each refusal altcha-lib gives', async () => {
  const outcomes = new Set<string>();
  for (const [, make] of cases) {
    const { challenge, solution } = await make();
    const r = verifyKeySignedSolution(challenge, solution, secrets, Date.now())!;
    outcomes.add(JSON.stringify([r.expired, r.invalidSignature, r.invalidSolution, r.verified]));
  }
  expect([...outcomes].sort()).toEqual(
    [
      [false, false, false, true], // verified
      [false, false, true, false], // invalid solution
      [false, true, null, false], // invalid signature
      [true, null, null, false], // expired
    ]
      .map((o) => JSON.stringify(o))
      .sort(),
  );
});

test('a challenge without a key signature is left to altcha-lib (it derives the key again)', async () => {
  const { challenge, solution } = await solved({ keySigned: false });
  expect(challenge.parameters.keySignature).toBeUndefined();
  expect(verifyKeySignedSolution(challenge, solution, secrets, Date.now())).toBeNull();
});

test('expiry is read against the time given', async () => {
  const { challenge, solution } = await solved({ expiresAt: inMinutes(1) });
  expect(verifyKeySignedSolution(challenge, solution, secrets, NOW)?.verified).toBe(true);
  expect(verifyKeySignedSolution(challenge, solution, secrets, NOW + 2 * 60_000)?.expired).toBe(true);
});
