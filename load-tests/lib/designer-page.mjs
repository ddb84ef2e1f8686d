// The seat-plan designer's benchmark page (client/bench/designer.html: the real editor and canvas, no back office
// around them), built for production into .tmp/designer-bench-dist; designer-canvas and designer-save benches use it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { log, ROOT } from './stack.mjs';

export const DESIGNER_BENCH_DIST = path.join(ROOT, '.tmp', 'designer-bench-dist');

/** `vite build -c bench/designer.vite.config.ts` in client/ (what --base=DIR of another tree is built with too). */
export function buildDesignerBench() {
  log('building the designer bench entry (client/bench/designer.html, production)…');
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '-c',
      'bench/designer.vite.config.ts',
      '--logLevel',
      'error',
    ],
    { cwd: path.join(ROOT, 'client'), stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('designer bench build failed');
}

/** Debian's Chromium as the other browser benches launch it: software rendering, DPR 1, never throttled. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--force-device-scale-factor=1',
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
  ],
};
