import { DataSource, type DataSourceOptions } from 'typeorm';
import { ALL_ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * Bounds on every wait for PostgreSQL, so a frozen or unreachable database makes a
 * request fail (503) in bounded time instead of hanging for the whole outage.
 * `statementMs` is enforced by the server (statement_timeout) and `queryMs` by the
 * client (pg query_timeout: it also fires when the server itself is frozen);
 * `connectMs` bounds opening a connection and waiting for a free one in the pool.
 * Idle transactions are ended by the server, which also bounds how late a sale can
 * commit after it started (the seat reconciliation's look-back relies on it).
 * `null` (the default: migrations, demo seed, test set-up) means no bounds; the serving
 * pool (app.factory.ts) passes SERVING_TIMEOUTS adjusted by the configuration.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
  idleInTransactionMs: number;
}

export const SERVING_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 3000,
  // The 100,000-seat stadium's seat plan is read in one statement; on a loaded 2-core machine
  // with a 4 s bound the commit benchmark's first read of it failed (503), so the bound is 8 s:
  // long enough for the heaviest legitimate read,
  // short enough that a frozen database is a quick 503 rather than a hung request.
  statementMs: 8000,
  queryMs: 9000,
  idleInTransactionMs: 15_000,
};

function timeoutOptions(t: DatabaseTimeouts | null): Record<string, number> {
  if (!t) return {};
  return {
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    query_timeout: t.queryMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
  };
}

export function dataSourceOptions(
  url: string,
  poolSize = 20,
  timeouts: DatabaseTimeouts | null = null,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ALL_ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'all',
    synchronize: false,
    logging: false,
    extra: { max: poolSize, application_name: 'hotline-server', ...timeoutOptions(timeouts) },
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

export async function openDataSource(
  url: string,
  poolSize?: number,
  timeouts: DatabaseTimeouts | null = null,
): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(url, poolSize, timeouts));
  try {
    await ds.initialize();
  } catch (error) {
    // A failed start leaves the pool open (TypeORM creates it before its first query): close it, so a retry
    // (until-dependency-answers.ts) does not leak one pool per attempt.
    if (ds.isInitialized) await ds.destroy().catch(() => undefined);
    else await (ds.driver as { master?: { end(): Promise<void> } }).master?.end().catch(() => undefined);
    throw error;
  }
  return ds;
}

/** The pg pool TypeORM keeps (its driver's `master`), seen only as what the metrics read of it. */
interface PoolView {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  on(event: 'error', listener: (error: Error) => void): unknown;
}
const poolOf = (ds: DataSource): PoolView | null => (ds.driver as unknown as { master?: PoolView }).master ?? null;

/** Connections of the serving pool in total and idle, and queries waiting for one (null: no pool yet). */
export function poolUsage(ds: DataSource): { total: number; idle: number; waiting: number } | null {
  const pool = poolOf(ds);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Errors of idle pool connections (a restarted PostgreSQL); pg emits them on the pool. */
export function onPoolError(ds: DataSource, listener: () => void): void {
  poolOf(ds)?.on('error', listener);
}
