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

/**
 * A gift voucher of this spec's own, with the balance it needs (agorot), and if asked, bought by a customer (by ID
 * number): the demo's GIFT-30 and GIFT-DEMO-100 are spent or replaced by the first run that uses them, so a repeat,
 * or a later spec on the same stack, would find them gone.
 */
export async function freshGiftVoucher(agorot: number, owner?: { ssn: string }): Promise<string> {
  const reference = `GIFT-E2E-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  await withSql((sql) =>
    sql.query(
      `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot, customer_id, expires_at)
       VALUES ($1, 'שובר מתנה', 'Gift voucher', $2, $2, (SELECT id FROM customer WHERE ssn = $3),
               CASE WHEN $3::text IS NULL THEN NULL ELSE now() + interval '1 year' END)`,
      [reference, agorot, owner?.ssn ?? null],
    ),
  );
  return reference;
}
