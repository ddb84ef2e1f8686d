// Waits for a server child process (server/dist/main.js) to print HOTLINE_READY, for the test stacks
// (scripts/test-server.mjs) and the benchmarks (load-tests/lib/stack.mjs) alike. What the child writes is kept:
// `output()` reads it all, during the wait (a start that fails shows why) and after.
export async function untilServerReady(child, { label = 'server', timeoutMs = 120_000 } = {}) {
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${label} did not start within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    child.stdout.on('data', (c) => {
      output += c;
      if (output.includes('HOTLINE_READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}):\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { output: () => output };
}
