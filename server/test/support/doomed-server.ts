import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** For chaos tests: a real server process (server/dist/main.js) that a test fault point may SIGKILL. */
const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Incremental `tsc -b server`: seconds when dist is current. */
export function buildServer(): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tsc -b server failed:\n${r.stdout}${r.stderr}`);
}

export function startDoomedServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', (c) => {
      output += c;
      const m = /HOTLINE_READY (\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!.replace('localhost', '127.0.0.1') });
      }
    });
    child.stderr!.on('data', (c) => (output += c));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}
