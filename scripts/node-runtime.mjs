// Node 22 LTS (22.13 or newer) is the minimum (package.json "engines": ^22.13.0 || >=24.11.0, what eslint and
// typeorm accept). Imported FIRST by the start, test, build
// and dev scripts: on an older Node it fetches a Node 22 binary from the npm registry into .tools/node (once) and
// runs the same script again under it, with that binary first on PATH so `npm` and child processes use it too.
// `node scripts/node-runtime.mjs --bin-dir` prints the folder of a suitable `node` (for .ci/run and shells).
//
// The npm registry's `node` package only runs an install script that installs `node-<platform>-<arch>`, whose
// tarball is the official binary (bin/node, no npm inside). We install that per-platform package directly:
// no install scripts, nothing fetched from anywhere but the registry.
// Only Node built-ins here, and syntax that old Node versions parse: this runs before anything else.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MINIMUM = { major: 22, minor: 13 };
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = path.join(ROOT, '.tools', 'node');
const say = (m) => process.stderr.write(`[node] ${m}\n`);

/** Same range as "engines": ^22.13.0 || >=24.11.0 (Node 23 and early 24 are refused by some dependencies). */
function isSupported(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 13) || (major === 24 && minor >= 11) || major > 24;
}

function versionOf(binary) {
  const r = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The path of a Node 22 binary: the cached one in .tools/node, or fetched from the npm registry now. */
function fetchedNode() {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!platform || !arch) {
    say(
      `Node ${process.version} is too old and no Node ${MINIMUM.major} package exists for ${process.platform}-${process.arch}.`,
    );
    say(`Install Node.js ${MINIMUM.major}.${MINIMUM.minor} or newer and run the command again.`);
    process.exit(1);
  }
  const pkg = `node-${platform}-${arch}`;
  const binary = path.join(TOOLS, 'node_modules', pkg, 'bin', 'node');
  if (existsSync(binary) && isSupported(versionOf(binary))) return binary;
  say(
    `this is Node ${process.version}; the project needs Node ${MINIMUM.major}.${MINIMUM.minor} or newer.` +
      ` Fetching Node ${MINIMUM.major} from the npm registry (package ${pkg}@${MINIMUM.major}) into .tools/node, once.` +
      ` To skip this, install Node.js ${MINIMUM.major} LTS yourself.`,
  );
  mkdirSync(TOOLS, { recursive: true });
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      TOOLS,
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${pkg}@${MINIMUM.major}`,
    ],
    { stdio: ['ignore', 2, 2] }, // npm's report goes to stderr: stdout may be read by --bin-dir callers
  );
  const version = r.status === 0 && existsSync(binary) ? versionOf(binary) : null;
  if (!version || !isSupported(version)) {
    say(
      `could not fetch Node ${MINIMUM.major} (npm exit ${r.status}); install Node.js ${MINIMUM.major} LTS and retry.`,
    );
    process.exit(1);
  }
  say(`using ${version} from .tools/node`);
  return binary;
}

/** Environment whose PATH finds `binary` first as `node` (npm's own launcher and child scripts use PATH). */
function envWith(binary) {
  return { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (invokedDirectly && process.argv.includes('--bin-dir')) {
  process.stdout.write(`${path.dirname(isSupported(process.version) ? process.execPath : fetchedNode())}\n`);
  process.exit(0);
} else if (!isSupported(process.version)) {
  // Re-run the script that imported us, with the same arguments, under Node 22; forward stop signals to it.
  const binary = fetchedNode();
  say(`Node ${process.version} is older than 22.13: running under ${path.relative(ROOT, binary)}`);
  const child = spawn(binary, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: envWith(binary),
  });
  // Ctrl-C reaches the child from the terminal itself; signals sent to this process alone are passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
  process.exit(code);
}
