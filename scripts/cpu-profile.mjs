// Where a command's CPU goes, by kind of process (docs/testing.md): `node scripts/cpu-profile.mjs -- npm test`.
// Samples every process's user + system time from /proc twice a second while the command runs (Linux only), and
// prints the wall time, the CPU seconds of the command and the share of each kind: Chromium's renderers, browser
// and GPU process, the e2e servers, PostgreSQL, Redis, jest, Playwright. A process that starts and ends between two
// samples is missed; the suite's processes live for seconds at least.
//
// Only the command's own processes are counted: it runs with a marker in its environment, which every process it starts
// inherits (processes re-parented to init too), and a process whose parent is counted is counted (PostgreSQL writes
// its process titles over its environment); a measurement on a machine shared with other work still names this
// command's CPU, and the machine's total is printed beside it, for the load.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';

const command = process.argv.slice(process.argv.indexOf('--') + 1);
if (!process.argv.includes('--') || command.length === 0) {
  process.stderr.write('usage: node scripts/cpu-profile.mjs -- <command> [args…]\n');
  process.exit(2);
}
const TICKS_PER_SECOND = 100;
const KINDS = [
  [/chrom.*--type=renderer/, 'chromium renderer'],
  [/chrom.*--type=gpu/, 'chromium gpu'],
  [/chrom.*--type=/, 'chromium other'],
  [/chrom/, 'chromium browser'],
  [/server\/dist\/main\.js/, 'e2e server'],
  [/postgres/, 'postgres'],
  [/redis-server/, 'redis'],
  [/for\(;;\)/, 'burner'],
  [/jest/, 'jest'],
  [/playwright/, 'playwright'],
  [/tsc|eslint|prettier|knip|vite/, 'static checks and build'],
  [/node/, 'other node'],
];
const kindOf = (cmdline) => KINDS.find(([re]) => re.test(cmdline))?.[1] ?? 'other';

const MARKER = `CPU_PROFILE_RUN=${randomBytes(6).toString('hex')}`;
/** Whether a process carries this run's marker (read once per process: the environment of a process never changes). */
function isOurs(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(MARKER);
  } catch {
    return false;
  }
}

/** pid:starttime -> { kind, ours, first, last } in seconds of CPU. */
const seen = new Map();
/** pid -> key in `seen`, for the parent of a process seen for the first time. */
const keyOfPid = new Map();
function sample(initial) {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    let cmdline;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND;
    const key = `${pid}:${f[19]}`;
    const known = seen.get(key);
    if (known) known.last = cpu;
    else {
      const parent = seen.get(keyOfPid.get(f[1]));
      const ours = !initial && (isOurs(pid) || parent?.ours === true);
      seen.set(key, { kind: kindOf(cmdline), ours, first: initial ? cpu : 0, last: cpu });
      keyOfPid.set(pid, key);
    }
  }
}

sample(true);
const started = Date.now();
const timer = setInterval(() => sample(false), 500);
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, [MARKER.split('=')[0]]: MARKER.split('=')[1] },
});
child.on('exit', (code) => {
  clearInterval(timer);
  sample(false);
  const byKind = new Map();
  let machine = 0;
  for (const { kind, ours, first, last } of seen.values()) {
    machine += last - first;
    if (ours) byKind.set(kind, (byKind.get(kind) ?? 0) + last - first);
  }
  const rows = [...byKind].filter(([, s]) => s >= 0.5).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, s]) => sum + s, 0);
  const wall = (Date.now() - started) / 1000;
  process.stdout.write(
    `[cpu] wall ${wall.toFixed(0)} s, CPU ${total.toFixed(0)} s (${(total / wall).toFixed(2)} cores); ` +
      `the whole machine ${machine.toFixed(0)} s (${(machine / wall).toFixed(2)} cores)\n`,
  );
  for (const [kind, s] of rows) process.stdout.write(`[cpu] ${s.toFixed(1).padStart(8)} s  ${kind}\n`);
  process.exit(code ?? 1);
});
