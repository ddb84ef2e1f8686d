// ed25519-verify.bench.mjs - what one Ed25519 verification of a door code costs the server's event loop (decision
// 041): node:crypto's synchronous verify against the same with a callback (libuv's threadpool), 40 in flight as at
// 40 gates. Prints the main thread's CPU (/proc/thread-self, Linux) and the process's (every thread) per verify: CPU,
// not time, so it means something on a loaded machine too. Nothing is written to RESULTS.md.
//   node load-tests/ed25519-verify.bench.mjs [--count=20000]
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const COUNT = Number(process.argv.find((a) => a.startsWith('--count='))?.split('=')[1] ?? 20_000);
const IN_FLIGHT = 40;

/** The calling thread's CPU ms (user + system). */
function threadMs() {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const processMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
// Codes of a door's length (about 100 characters).
const messages = Array.from({ length: COUNT }, (_, i) => Buffer.from(`HLT2.${String(i).padStart(90, 'x')}`));
const signatures = messages.map((m) => sign(null, m, privateKey));

async function measure(name, run) {
  const t0 = threadMs();
  const p0 = processMs();
  const holding = await run();
  if (holding !== COUNT) throw new Error(`${name}: ${holding} of ${COUNT} held`);
  const per = (ms) => ((ms / COUNT) * 1000).toFixed(1);
  process.stdout.write(
    `${name}: main thread ${per(threadMs() - t0)} µs, process ${per(processMs() - p0)} µs a verify\n`,
  );
}

for (let round = 0; round < 2; round++) {
  await measure('synchronous', async () => {
    let holding = 0;
    for (let i = 0; i < COUNT; i++) if (verify(null, messages[i], publicKey, signatures[i])) holding++;
    return holding;
  });
  await measure(`threadpool, ${IN_FLIGHT} in flight`, async () => {
    let next = 0;
    let holding = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < COUNT) {
          const i = next++;
          const holds = await new Promise((done) =>
            verify(null, messages[i], publicKey, signatures[i], (error, ok) => done(!error && ok)),
          );
          if (holds) holding++;
        }
      }),
    );
    return holding;
  });
}
