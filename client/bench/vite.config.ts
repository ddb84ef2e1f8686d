import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Production build of the benchmark entry (client/bench/index.html): `vite build -c client/bench/vite.config.ts`. */
const benchDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: benchDir,
  plugins: [react()],
  resolve: { alias: { '@hotline/shared': path.resolve(benchDir, '../../shared/src/index.ts') } },
  build: {
    outDir: path.resolve(benchDir, '../../.tmp/seatmap-bench-dist'),
    emptyOutDir: true,
    sourcemap: false,
    // SEATMAP_BENCH_NO_MINIFY=1: readable function names in CPU profiles.
    minify: process.env.SEATMAP_BENCH_NO_MINIFY ? false : 'oxc',
  },
});
