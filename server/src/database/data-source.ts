import { DataSource, type DataSourceOptions } from 'typeorm';
import { ALL_ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(url: string, poolSize = 20): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ALL_ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'all',
    synchronize: false,
    logging: false,
    extra: { max: poolSize, application_name: 'hotline-server' },
  };
}

const MIGRATION_LOCK = 7_263_001;

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so several server
 * nodes booting at once migrate exactly once.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const done = await dataSource.runMigrations({ transaction: 'all' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

export async function openDataSource(url: string, poolSize?: number): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(url, poolSize));
  await ds.initialize();
  return ds;
}
