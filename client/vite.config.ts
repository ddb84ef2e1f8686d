import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { scanServiceWorker } from './build/scan-service-worker.ts';

const clientDir = path.dirname(fileURLToPath(import.meta.url));
// Seat-map modules that are import()ed on their own and must stay out of the seat map's chunk: the test hook and the
// benchmark renderer (e2e/test-code-split.spec.ts) and the bot check (checkout asks for it without the map).
const LOADED_APART = /[\\/]seatmap[\\/](debug-hook|render[\\/]naive-renderer|botcheck)\.ts$/;
const API_TARGET = process.env.HOTLINE_API_URL ?? 'http://localhost:3000';

/** The chunks a chunk imports statically, directly or through another, in the order they are first met. */
function staticImports(bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk, into: string[] = []): string[] {
  for (const f of chunk.imports) {
    if (into.includes(f)) continue;
    into.push(f);
    const next = bundle[f];
    if (next?.type === 'chunk') staticImports(bundle, next, into);
  }
  return into;
}

/**
 * Main.tsx is a small entry that starts the page's data requests and then import()s app.tsx (React, the
 * router, the layout) and its chunks, which every page needs. Vite links only the entry's static imports from
 * index.html, so those were asked for only once the entry had arrived and run, one round trip (562 ms on fast 3G)
 * after the bandwidth sat half idle. This links them too (modulepreload: fetched and compiled, run by the import()),
 * after the entry so the entry's request leaves first.
 */
function preloadAppChunks(): Plugin {
  return {
    name: 'hotline:preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const app = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/app.tsx'),
        );
        if (!app || app.type !== 'chunk') throw new Error('preload-app-chunks: no chunk for src/app.tsx');
        const files = [...staticImports(bundle, app), app.fileName];
        return (
          files
            // The entry and what it imports are linked already.
            .filter((f) => f.endsWith('.js') && !html.includes(`/${f}"`))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
              injectTo: 'head' as const,
            }))
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadAppChunks(),
    scanServiceWorker({
      workerSource: path.resolve(clientDir, 'src/scan/offline-shell/scan-sw.ts'),
      scannerSource: '/src/scan/ScanPage.tsx',
      appSource: '/src/app.tsx',
    }),
  ],
  resolve: {
    alias: {
      '@hotline/shared': path.resolve(clientDir, '../shared/src/index.ts'),
      // The seat-plan designer's model and tools (browser-safe; the rest of @hotline/seatmaps reads files).
      '@hotline/seatmaps/designer': path.resolve(clientDir, '../seatmaps/src/designer/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, not referenced from the served files.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Rolldown's automatic splitting cut the order page into 45 files (17 under 1 kB), and over HTTP/1.1
        // (deploy/nginx.conf: six connections per origin) each wave of six costs a round trip, 562 ms on a fast-3G
        // phone. A few larger chunks instead: the entry in one file, the seat map (with konva) in one, and the app code
        // that two or more lazy chunks share in one (a page may get some code it does not use: a few kB against a round
        // trip). Checked by e2e/test-code-split.spec.ts (test code apart) and load-tests/page.bench.mjs --waterfall.
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in one file: with the order page's first-paint picture, whose own
            // chunk (preloaded) and the chunk of seat words it shares with the app made eight requests before the picture
            // where six connections fit: the entry's stylesheet waited a round trip (decision 036).
            { name: 'entry', tags: ['$initial'], priority: 3 },
            {
              // Only the modules named: with their dependencies it would take the shared app code along, and every
              // page would then import the seat map's chunk.
              name: 'seatmap',
              test: (id) =>
                /[\\/]client[\\/]src[\\/]seatmap[\\/]|[\\/]node_modules[\\/](konva|@react-spring|@use-gesture)[\\/]/.test(
                  id,
                ) && !LOADED_APART.test(id),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              // The customer-details form, what validates it (zod, react-hook-form: about a quarter of the shared
              // chunk) and the modules that embed it are for checkout, not the order page: apart, the seat map's first
              // frame does not wait for them. Nothing in app-shared may import these (a cycle between the two chunks
              // breaks their evaluation order), so the embedding steps come along.
              name: 'forms',
              test: (id) =>
                /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|[\\/]shared[\\/]src[\\/]booking[\\/]customer-schema\.ts$|[\\/]client[\\/]src[\\/](booking[\\/](CustomerForm|CustomerDetailsStep)|gifts[\\/]GiftCheckout)\.tsx$/.test(
                  id,
                ),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              // memberships/ embeds the seat map: in the shared chunk it would make every page load the map. What the
              // back office shares with the door scanner (the sign-in form, its API, its texts in four languages: 20 kB)
              // is for staff pages only: in the shared chunk every storefront page ran it.
              name: 'app-shared',
              test: (id) =>
                /[\\/](client|shared)[\\/]src[\\/]/.test(id) &&
                !/[\\/]client[\\/]src[\\/](seatmap|memberships|backoffice)[\\/]/.test(id),
              minShareCount: 2,
              priority: 1,
            },
            {
              // The back office's code that two or more staff pages share (its pages, the seat-plan designer, the door
              // scanner), in one file rather than four small ones.
              name: 'staff-shared',
              test: (id) => /[\\/]client[\\/]src[\\/]backoffice[\\/]/.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The back office's live channel first: under /api (its cookie's path) but a WebSocket.
      '/api/live': { target: API_TARGET, changeOrigin: true, ws: true },
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      // The back office's live channel first: under /api (its cookie's path) but a WebSocket.
      '/api/live': { target: API_TARGET, changeOrigin: true, ws: true },
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
