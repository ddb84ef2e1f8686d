import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { openDataSource } from '../../src/database/data-source';
import { CartChargesAsMoneyAttempts1796000000000 } from '../../src/database/migrations/1796000000000-cart-charges-as-money-attempts';
import { createTestDatabase, type TestDatabase } from '../support/test-env';

/**
 * The commit's card attempts move from payment to money_attempt (docs/decisions/015-one-money-attempt.md, step 3):
 * each old row becomes one attempt in its state, what paid for a sale keeps its ledger row (linked, the attempt
 * approved), what paid for nothing leaves the ledger, and one still in doubt stays pending for the recovery loop.
 * Run on rows written in the old shape (the migration undone first), then undone and redone.
 */
jest.setTimeout(60_000);

let db: TestDatabase;
let sql: Client;
const migration = new CartChargesAsMoneyAttempts1796000000000();

async function run(step: 'up' | 'down'): Promise<void> {
  const ds = await openDataSource(db.url, 1);
  const runner = ds.createQueryRunner();
  try {
    await migration[step](runner);
  } finally {
    await runner.release();
    await ds.destroy();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new Client({ connectionString: db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

test("the old card attempts become the cart's money attempts; the ledger keeps only what paid for a sale", async () => {
  await run('down');
  const [sold, declined, refunded, inDoubt, cash] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const reservation = (
    await sql.query(
      `INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, total_agorot)
       VALUES ($1, $2, $3, $4, 'paid', 5000) RETURNING id::text`,
      [`R-${sold.slice(0, 8)}`, sold, `dk-${sold}`, randomUUID()],
    )
  ).rows[0].id;
  const draft = JSON.stringify({ tickets: [{ presentationId: 1 }], locale: 'he' });
  const old = async (cart: string, status: string, reservationId: string | null, ref: string | null) =>
    sql.query(
      `INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status,
                            idempotency_key, sale_draft)
       VALUES ($1, $2, 'sandbox', 'card', $3, 5000, $4, $6, $5)`,
      [reservationId, cart, ref, status, draft, `${cart}:auth`],
    );
  await old(sold, 'approved', reservation, 'ch_sold');
  await old(declined, 'declined', null, null);
  await old(refunded, 'refunded', null, 'ch_back');
  await old(inDoubt, 'pending', null, null);
  // A box-office cash payment has no attempt: it stays as it was.
  await sql.query(
    `INSERT INTO payment (reservation_id, cart_identifier, provider, method, amount_agorot, status)
     VALUES ($1, $2, 'box_office', 'cash', 100, 'approved')`,
    [reservation, cash],
  );

  await run('up');
  const attempts = await sql.query(
    `SELECT subject_id AS cart, state, provider_key AS key, provider_reference AS ref, payment_id IS NOT NULL AS ledger,
            sale_draft IS NOT NULL AS draft
       FROM money_attempt WHERE subject_kind = 'cart' ORDER BY id`,
  );
  expect(attempts.rows).toEqual([
    { cart: sold, state: 'approved', key: `${sold}:auth`, ref: 'ch_sold', ledger: true, draft: true },
    { cart: declined, state: 'declined', key: `${declined}:auth`, ref: null, ledger: false, draft: true },
    { cart: refunded, state: 'refunded', key: `${refunded}:auth`, ref: 'ch_back', ledger: false, draft: true },
    { cart: inDoubt, state: 'pending', key: `${inDoubt}:auth`, ref: null, ledger: false, draft: true },
  ]);
  const ledger = await sql.query(
    `SELECT cart_identifier AS cart, method, status, sale_draft IS NOT NULL AS draft FROM payment ORDER BY id`,
  );
  expect(ledger.rows).toEqual([
    { cart: sold, method: 'card', status: 'approved', draft: false },
    { cart: cash, method: 'cash', status: 'approved', draft: false },
  ]);

  // Undone and redone: the same rows again.
  await run('down');
  expect(
    (
      await sql.query(`SELECT status FROM payment WHERE method = 'card' ORDER BY cart_identifier = $1 DESC, status`, [
        sold,
      ])
    ).rows.map((r) => r.status),
  ).toEqual(['approved', 'declined', 'pending', 'refunded']);
  await run('up');
  expect((await sql.query(`SELECT count(*)::int AS n FROM money_attempt WHERE subject_kind = 'cart'`)).rows[0].n).toBe(
    4,
  );
  expect((await sql.query(`SELECT count(*)::int AS n FROM payment`)).rows[0].n).toBe(2);
});
