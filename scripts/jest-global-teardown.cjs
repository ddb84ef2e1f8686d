const fs = require('node:fs');

module.exports = async function globalTeardown() {
  const started = globalThis.__hotlineServices;
  if (!started) return;
  await started.redis.stop();
  await started.pg.stop();
  fs.rmSync(started.runDir, { recursive: true, force: true });
};
