// Socket.io watchers in child processes (lib/fanout-watcher.mjs, 500 to a process), shared by fanout.bench.mjs and
// nodes.bench.mjs: start them, ask every child the same question, close them.
import { fork } from 'node:child_process';
import path from 'node:path';
import { onInterrupt, ROOT } from './stack.mjs';

const PER_PROCESS = 500;

/** Sends `message` to every child and resolves with each one's first reply of `replyType`. */
export function askAll(children, message, replyType) {
  return Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          const onMessage = (m) => {
            if (m.type === replyType) {
              c.off('message', onMessage);
              resolve(m);
            }
          };
          c.on('message', onMessage);
          c.send(message);
        }),
    ),
  );
}

/** `n` watchers of `presentationId` at `url`, connected (one child at a time, so a connect storm is not measured). */
export async function startWatchers(url, n, presentationId) {
  const children = [];
  for (let left = n; left > 0; left -= PER_PROCESS) {
    const child = fork(
      path.join(ROOT, 'load-tests', 'lib', 'fanout-watcher.mjs'),
      [url, String(Math.min(PER_PROCESS, left)), String(presentationId)],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    await new Promise((resolve) => child.once('message', resolve));
    children.push(child);
    onInterrupt(() => child.kill('SIGKILL'));
  }
  for (const c of children) await askAll([c], { type: 'connect' }, 'connected');
  return children;
}
