import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import pino from 'pino';
import { prepareDatabase } from '../../src/app.factory';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/test-env';

/**
 * DB_POOL_SIZE bounds the serving connections one node opens: nodes x pool must stay under PostgreSQL's
 * max_connections (docs/scaling.md, "PostgreSQL connections"), so the setting has to reach the pool.
 */
describe('DB_POOL_SIZE', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const servingPoolMax = async (overrides: Record<string, string>): Promise<number> => {
    const config = testConfig({ DATABASE_URL: db.url, ...overrides });
    const ds = await prepareDatabase(config, pino({ level: 'silent' }));
    try {
      return (ds.driver as PostgresDriver).master.options.max as number;
    } finally {
      await ds.destroy();
    }
  };

  test.each([
    ['unset: 20 per node', {}, 20],
    ['set: the serving pool takes it', { DB_POOL_SIZE: '7' }, 7],
  ])('%s', async (_label, overrides, max) => {
    expect(await servingPoolMax(overrides)).toBe(max);
  });

  test.each(['0', '-1', '2.5', 'many', '501'])('refuses DB_POOL_SIZE=%s at boot, naming it', (value) => {
    expect(() => testConfig({ DATABASE_URL: db.url, DB_POOL_SIZE: value })).toThrow(/DB_POOL_SIZE/);
  });
});
