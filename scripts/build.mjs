// Builds what is out of date: TypeScript packages with `tsc -b` (incremental),
// the storefront with Vite when its sources changed since the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const force = process.argv.includes('--force');

function run(cmd, args, cwd = ROOT) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`\nBuild step failed: ${cmd} ${args.join(' ')}\n`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
run(process.execPath, [tsc, '-b', 'shared', 'seatmaps', 'server']);

const clientIndex = path.join(ROOT, 'client', 'dist', 'index.html');
const clientSources = Math.max(newestMtime(path.join(ROOT, 'client')), newestMtime(path.join(ROOT, 'shared', 'src')));
if (force || !existsSync(clientIndex) || statSync(clientIndex).mtimeMs < clientSources) {
  run(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], path.join(ROOT, 'client'));
}
