import { Client } from 'pg';

/** One short-lived connection to the e2e database (its worker's own: scripts/test.mjs), closed whatever happens. */
export async function withSql<T>(work: (sql: Client) => Promise<T>): Promise<T> {
  const sql = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await sql.connect();
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}
