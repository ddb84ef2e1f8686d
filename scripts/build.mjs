// Builds what is out of date: TypeScript packages with `tsc -b` (incremental),
// the storefront with Vite when its sources changed since the last build.
import './node-runtime.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { precompress } from './precompress.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const force = process.argv.includes('--force');

function run(cmd, args, cwd = ROOT) {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`\nBuild step failed: ${cmd} ${args.join(' ')}\n`);
    process.exit(result.status ?? 1);
  }
}

// True when some src .ts file has no matching dist .js, or is newer than it.
function hasStaleOutput(srcDir, distDir) {
  if (!existsSync(srcDir)) return false;
  for (const entry of readdirSync(srcDir, { withFileTypes: true })) {
    if (entry.name === '__tests__' || entry.name.startsWith('.')) continue;
    const src = path.join(srcDir, entry.name);
    if (entry.isDirectory()) {
      if (hasStaleOutput(src, path.join(distDir, entry.name))) return true;
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts')) {
      const out = path.join(distDir, entry.name.replace(/\.ts$/, '.js'));
      if (!existsSync(out) || statSync(out).mtimeMs < statSync(src).mtimeMs) return true;
    }
  }
  return false;
}

function newestMtime(dir, includeDist = false) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || (!includeDist && entry.name === 'dist') || entry.name.startsWith('.'))
      continue;
    if (entry.name === '__tests__' || entry.name.endsWith('.test.ts')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full, includeDist) : statSync(full).mtimeMs);
  }
  return newest;
}

// TypeScript 7's native compiler, as the typecheck: one compiler writes the build info, so neither rebuilds after the
// other (decision 049; the emitted JS is 5.9's but for whitespace and kept comments).
const tsc = path.join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
// `tsc --noEmit` on a composite project refreshes its .tsbuildinfo without writing
// dist/, after which `tsc -b` believes dist/ is current. Compare times ourselves.
const stale = ['shared', 'seatmaps', 'server'].some((pkg) =>
  hasStaleOutput(path.join(ROOT, pkg, 'src'), path.join(ROOT, pkg, 'dist')),
);
run(process.execPath, [tsc, '-b', 'shared', 'seatmaps', 'server', ...(force || stale ? ['--force'] : [])]);

const clientIndex = path.join(ROOT, 'client', 'dist', 'index.html');
const clientSources = Math.max(newestMtime(path.join(ROOT, 'client')), newestMtime(path.join(ROOT, 'shared', 'src')));
if (force || !existsSync(clientIndex) || statSync(clientIndex).mtimeMs < clientSources) {
  run(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    path.join(ROOT, 'client'),
  );
}

// Brotli and gzip siblings for the server's preCompressed static files. After every build, not only after Vite
// ran: a dist/ built before this step existed gets them too (files already done are skipped).
if (existsSync(clientIndex)) await precompress(path.join(ROOT, 'client', 'dist'));
