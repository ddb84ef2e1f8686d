// Gives every jest worker a real PostgreSQL cluster and a real Redis.
// `npm test` (scripts/test.mjs) provisions them once for jest and Playwright
// and passes TEST_PG_BASE_URL / TEST_REDIS_URL; a bare `npx jest` provisions
// its own here and tears them down afterwards.
const path = require('node:path');

module.exports = async function globalSetup() {
  if (process.env.TEST_PG_BASE_URL && process.env.TEST_REDIS_URL) return;
  const services = await import(path.join(__dirname, 'services.mjs'));
  const runDir = path.join(services.ROOT, '.tmp', `jest-${process.pid}`);
  const pg = await services.startPostgres({ dir: path.join(runDir, 'pg'), durable: false });
  const redis = await services.startRedis({ dir: path.join(runDir, 'redis') });
  process.env.TEST_PG_BASE_URL = pg.baseUrl;
  process.env.TEST_REDIS_URL = redis.url;
  globalThis.__hotlineServices = { pg, redis, runDir };
};
