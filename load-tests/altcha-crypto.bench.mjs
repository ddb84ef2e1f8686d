// altcha-crypto.bench.mjs - the bot check's own CPU, in one process, no server: issuing a challenge and verifying a
// solved one through altcha-lib (its two HMACs each a WebCrypto key import and sign) against the server's
// node:crypto versions of the same (server/src/botcheck/altcha-issue.ts, altcha-verify.ts; decision 030), alternating
// in rounds. CPU of the process (process.cpuUsage: every thread, WebCrypto's thread-pool jobs included) per call.
// Prints only; the lead copies a quiet run's table into RESULTS.md.
//   node scripts/build.mjs && node load-tests/altcha-crypto.bench.mjs [--rounds=3] [--calls=20000]
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, median, require, ROOT } from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const CALLS = arg('calls', 20_000);

ensureBuilt();
const dist = (file) => require(path.join(ROOT, 'server', 'dist', 'botcheck', file));
const lib = dist('altcha-lib.js');
const { issueKeySignedChallenge } = dist('altcha-issue.js');
const { verifyKeySignedSolution } = dist('altcha-verify.js');

const secrets = { signature: 'benchmark-only-hmac-key-0123456789', keySignature: 'benchmark-only-key-signature' };
const expiresAt = () => Math.floor(Date.now() / 1000) + 600;
const libOptions = { deriveKey: lib.deriveKeyFor('SHA-256'), hmacSignatureSecret: secrets.signature };
const order = (counter) => ({ algorithm: 'SHA-256', cost: 1, counter, expiresAt: expiresAt(), data: { work: 4 } });

// 200 solved challenges (the join's work factor), verified in turn.
const solved = [];
for (let i = 0; i < 200; i++) {
  const challenge = await issueKeySignedChallenge(order(7 + i), secrets);
  solved.push({ challenge, solution: await lib.solveChallenge({ challenge, deriveKey: libOptions.deriveKey }) });
}

/** CPU µs per call of `f` over CALLS calls; throws if a verification does not verify. */
async function cpuPerCall(f) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await f(i);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / CALLS;
}
const mustVerify = (r) => {
  if (!r.verified) throw new Error('a solved challenge did not verify');
};
const ways = {
  'issue: altcha-lib createChallenge': (i) =>
    lib.createChallenge({
      ...libOptions,
      ...order(40 + (i % 100)),
      hmacKeySignatureSecret: secrets.keySignature,
    }),
  'issue: issueKeySignedChallenge': (i) => issueKeySignedChallenge(order(40 + (i % 100)), secrets),
  'verify: altcha-lib verifySolution': async (i) =>
    mustVerify(
      await lib.verifySolution({
        ...solved[i % solved.length],
        ...libOptions,
        hmacKeySignatureSecret: secrets.keySignature,
      }),
    ),
  'verify: verifyKeySignedSolution': async (i) => {
    const { challenge, solution } = solved[i % solved.length];
    mustVerify(verifyKeySignedSolution(challenge, solution, secrets, Date.now()));
  },
};

const runs = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) for (const [name, f] of Object.entries(ways)) runs[name].push(await cpuPerCall(f));

const [l1, l5, l15] = os.loadavg();
process.stdout.write(
  [
    `altcha-crypto.bench.mjs: ${CALLS.toLocaleString('en')} calls a round, ${ROUNDS} rounds; load ${l1.toFixed(1)} / ${l5.toFixed(1)} / ${l15.toFixed(1)} at the end`,
    '',
    '| call | CPU µs per call, median (rounds) |',
    '|---|---|',
    ...Object.entries(runs).map(
      ([name, xs]) => `| ${name} | ${median(xs).toFixed(1)} (${xs.map((x) => x.toFixed(1)).join(', ')}) |`,
    ),
    '',
  ].join('\n'),
);
