// `npm run dev`: the server as `npm start` runs it, plus Vite's dev server with hot
// reload (http://localhost:5173, proxying /api and /socket.io to the server).
import './node-runtime.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const children = [
  spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: path.join(ROOT, 'client'),
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', () => {
    stop();
    process.exitCode = c.exitCode ?? 0;
  }),
);
