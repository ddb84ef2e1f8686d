import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One writer of the rows money and sales are recorded in (docs/decisions/015-one-money-attempt.md): the attempts to
 * move money (money_attempt), the payment ledger (payment) and the reservation rows. The reservations context writes
 * them: its attempts repository and the one sale statement. What else writes them today is listed below with its
 * reason, as measured debt: a NEW writer fails, and an entry that no longer writes fails too, so the lists only
 * shrink. Read from the source text, as the outbox-writer check in architecture.test.ts is.
 */

const SRC = path.resolve(__dirname, '../../src');

/** The tables, and the TypeORM entity classes that would write them without SQL. */
const TABLES = {
  money_attempt: [] as string[],
  payment: ['PaymentEntity'],
  reservation: ['ReservationEntity'],
} as const;
type Table = keyof typeof TABLES;

/** The one writer module: every file of it may write these tables. */
const WRITER_MODULE = 'reservations/';

/** Writers outside the reservations context, each with why it is still there. */
const OTHER_WRITERS: Record<Table, Record<string, string>> = {
  money_attempt: {},
  payment: {},
  reservation: {},
};

/** SQL writes of one table: INSERT INTO, UPDATE, DELETE FROM, MERGE INTO (a longer name such as payment_x is another table). */
function writesTable(text: string, table: Table): boolean {
  const sql = new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|MERGE\\s+INTO)\\s+${table}\\b(?!\\.)`, 'i');
  return sql.test(text) || TABLES[table].some((entity) => new RegExp(`\\b${entity}\\b`).test(text));
}

/**
 * A participant's part of the one sale statement (reservations/sale-statement.ts puts the parts into that one
 * statement, docs/decisions/017-sale-statement-in-parts.md): its SQL runs only there, so it writes as the sale.
 */
const isSaleStatementPart = (text: string): boolean => /:\s*SaleStatementPart</.test(text);

/** The files (path under server/src) that write `table`, outside the writer module and the entity list. */
function writersOf(files: { path: string; text: string }[], table: Table): string[] {
  return files
    .filter((f) => !f.path.startsWith(WRITER_MODULE) && !f.path.startsWith('database/'))
    .filter((f) => !isSaleStatementPart(f.text))
    .filter((f) => writesTable(f.text, table))
    .map((f) => f.path)
    .sort();
}

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    if (!e.name.endsWith('.ts')) return [];
    return [{ path: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

describe('one writer of money attempts, payments and reservations', () => {
  const files = sources(SRC);

  it.each(Object.keys(TABLES) as Table[])('%s is written by reservations/ and the listed writers only', (table) => {
    expect(writersOf(files, table)).toEqual(Object.keys(OTHER_WRITERS[table]).sort());
  });

  it('money_attempt has no writer outside reservations/, where its repository and the sale statement write it', () => {
    const inside = files.filter((f) => f.path.startsWith(WRITER_MODULE) && writesTable(f.text, 'money_attempt'));
    expect(inside.map((f) => f.path).sort()).toEqual([
      // The plain sale's rows for sales written together by one statement (decision 038): the sale write's second text.
      'reservations/grouped-sale.ts',
      'reservations/money-attempts.repository.ts',
      'reservations/sales.repository.ts',
    ]);
  });

  it("only the sale statement (and its participants' parts of it) inserts payment and reservation rows", () => {
    for (const table of ['payment', 'reservation'] as const) {
      // Migrations move rows between shapes once (database/), as the writers list above leaves them out too.
      const inserts = files
        .filter((f) => !f.path.startsWith('database/'))
        .filter((f) => !isSaleStatementPart(f.text))
        .filter((f) => new RegExp(`\\bINSERT\\s+INTO\\s+${table}\\b`, 'i').test(f.text))
        .map((f) => f.path);
      // grouped-sale.ts: the same sale's rows for plain sales written together (decision 038), held row for row to
      // what the sale statement writes by grouped-sale.medium.
      expect(inserts.sort()).toEqual(['reservations/grouped-sale.ts', 'reservations/sales.repository.ts']);
    }
  });

  it('control: a second writer appearing is caught, in SQL or through the entity', () => {
    const second = [
      ...files,
      {
        path: 'holds/holds.repository.ts',
        text: "await db.query(`UPDATE money_attempt SET state = 'approved' WHERE id = $1`, [id]);",
      },
      { path: 'orders/settle.ts', text: 'INSERT INTO payment (reservation_id) VALUES ($1)' },
      { path: 'gifts/sneaky.ts', text: 'await tx.getRepository(ReservationEntity).save(row);' },
    ];
    expect(writersOf(second, 'money_attempt')).toEqual(['holds/holds.repository.ts']);
    expect(writersOf(second, 'payment')).toContain('orders/settle.ts');
    expect(writersOf(second, 'reservation')).toContain('gifts/sneaky.ts');
    // Reads and other tables with a longer name are no writes.
    expect(writesTable('SELECT * FROM money_attempt; UPDATE money_attempt_archive SET x = 1', 'money_attempt')).toBe(
      false,
    );
    expect(writesTable('UPDATE reservation_ticket SET status = 1', 'reservation')).toBe(false);
    // A participant's part of the sale statement writes as the sale; the same SQL outside a part is a second writer.
    const insert = 'INSERT INTO payment (reservation_id) SELECT id FROM new_reservation';
    const part = {
      path: 'gifts/gift-sale.participant.ts',
      text: `const P: SaleStatementPart<SaleInput> = { sql: \`${insert}\` };`,
    };
    const loose = { path: 'gifts/gift-writer.ts', text: `await tx.query(\`${insert}\`);` };
    expect(writersOf([part, loose], 'payment')).toEqual(['gifts/gift-writer.ts']);
  });
});
