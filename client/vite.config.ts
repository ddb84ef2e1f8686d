import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const clientDir = path.dirname(fileURLToPath(import.meta.url));
const API_TARGET = process.env.HOTLINE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@hotline/shared': path.resolve(clientDir, '../shared/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reports, not referenced from the served files.
    sourcemap: 'hidden',
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
