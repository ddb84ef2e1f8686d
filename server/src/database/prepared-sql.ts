import type { QueryResultRow } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';

interface PgClient {
  query<R extends QueryResultRow>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * Hot-path SQL as NAMED (prepared) statements: each statement is parsed and planned
 * once per connection instead of on every call (the sale statement alone is a
 * seven-part CTE whose planning would otherwise cost more than its execution).
 *
 * It borrows a connection from the pool TypeORM already owns through the public
 * QueryRunner API (connect() hands out the driver's client, release() returns it),
 * instead of reaching into the PostgresDriver's undocumented `master` pool. Same
 * connections, same timeouts, same transaction semantics: one statement is one
 * transaction. docs/seat-engine.md ("PostgreSQL access") has the measurements.
 */
export class PreparedSql {
  constructor(
    private readonly db: DataSource,
    private readonly namespace = 'booking',
  ) {}

  async query<R extends QueryResultRow = QueryResultRow>(name: string, text: string, values: unknown[]): Promise<R[]> {
    const runner = this.db.createQueryRunner();
    try {
      return await this.queryOn<R>(runner, name, text, values);
    } finally {
      await runner.release();
    }
  }

  /**
   * The same named statement on a runner's connection, inside whatever transaction the runner has open (the sale's,
   * when participants lock and check their rows around it). connect() hands back the runner's own client.
   */
  async queryOn<R extends QueryResultRow = QueryResultRow>(
    runner: QueryRunner,
    name: string,
    text: string,
    values: unknown[],
  ): Promise<R[]> {
    const client = (await runner.connect()) as PgClient;
    const result = await client.query<R>({ name: `${this.namespace}_${name}`, text, values });
    return result.rows;
  }
}
