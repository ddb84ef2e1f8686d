import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The commit path's door to PostgreSQL: the pool TypeORM already owns, used with
 * NAMED (prepared) statements. Each booking statement is parsed and planned once
 * per connection instead of on every commit; the sale statement alone is a
 * seven-part CTE whose planning would otherwise cost more than its execution.
 * Same connections, same transactions semantics: one statement is one transaction.
 */
export class PreparedSql {
  private pool: Pool | null = null;

  constructor(private readonly db: DataSource) {}

  private get master(): Pool {
    // TypeORM's PostgresDriver keeps its pg.Pool as `master` once the data source is initialised.
    this.pool ??= (this.db.driver as unknown as { master: Pool }).master;
    return this.pool;
  }

  async query<R extends QueryResultRow = QueryResultRow>(name: string, text: string, values: unknown[]): Promise<R[]> {
    const result = await this.master.query<R>({ name: `booking_${name}`, text, values });
    return result.rows;
  }
}
