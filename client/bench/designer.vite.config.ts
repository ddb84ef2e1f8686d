import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Production build of the seat-plan designer's canvas benchmark entry (client/bench/designer.html):
 * `vite build -c bench/designer.vite.config.ts` (load-tests/designer-canvas.bench.mjs runs it).
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: benchDir,
  resolve: {
    alias: {
      '@hotline/shared': path.resolve(benchDir, '../../shared/src/index.ts'),
      '@hotline/seatmaps/designer': path.resolve(benchDir, '../../seatmaps/src/designer/index.ts'),
    },
  },
  build: {
    outDir: path.resolve(benchDir, '../../.tmp/designer-bench-dist'),
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: path.resolve(benchDir, 'designer.html') },
    minify: process.env.SEATMAP_BENCH_NO_MINIFY ? false : 'oxc',
  },
});
