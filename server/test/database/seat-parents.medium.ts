import { Client } from 'pg';
import { openDataSource } from '../../src/database/data-source';
import { SeatParentsCheckedPerStatement1796540000000 } from '../../src/database/migrations/1796540000000-seat-parents-checked-per-statement';
import { createTestDatabase, type TestDatabase } from '../support/test-env';

/**
 * A seat's seat plan, section, group and zone are checked per statement, not by four foreign keys per row (docs/
 * decisions/034): every writer is still refused a seat naming a missing parent, and a parent a seat names is never
 * deleted nor its id changed, under the old keys' constraint names (SQLSTATE 23503). A parent deleted while a seat
 * naming it is written is caught by the parents' FOR KEY SHARE lock; the control run without that lock lets an
 * orphan seat in.
 */
jest.setTimeout(60_000);

let db: TestDatabase;
let sql: Client;
let other: Client;
/** A plan of the demo's, and a zone, two sections and a group of the test's own in it. */
let plan: number;
let zone: number;
let section: number;
let bare: number;
let group: number;
let nextX = 1_000_000;

const refusal = (e: unknown) => ({
  code: (e as { code?: string }).code,
  constraint: (e as { constraint?: string }).constraint,
});

async function failure(client: Client, text: string, params: unknown[] = []) {
  try {
    await client.query(text, params);
  } catch (e) {
    return refusal(e);
  }
  return null;
}

/** A seat's values, any of its parents replaced. */
function seat(p: Partial<Record<'seatplan_id' | 'section_id' | 'group_id' | 'zone_id', number>> = {}) {
  const v = { seatplan_id: plan, section_id: section, group_id: group, zone_id: zone, ...p };
  return [v.seatplan_id, v.section_id, v.group_id, v.zone_id, nextX++];
}
const INSERT_SEAT = `INSERT INTO seat (seatplan_id, section_id, group_id, zone_id, x, y, row_name, seat_name, row_order,
  x_offset_percent, y_offset_percent, width_percent, height_percent, plan_x, plan_y)
  VALUES ($1, $2, $3, $4, $5, 0, 'A', '1', 0, 0, 0, 1, 1, 0, 0) RETURNING id`;

async function newZone(code: string): Promise<number> {
  const r = await sql.query(
    `INSERT INTO zone (seatplan_id, code, name, name_en, color) VALUES ($1, $2, 'z', 'z', '#000') RETURNING id`,
    [plan, code],
  );
  return r.rows[0].id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new Client({ connectionString: db.url });
  other = new Client({ connectionString: db.url });
  await Promise.all([sql.connect(), other.connect()]);
  plan = (await sql.query('SELECT seatplan_id FROM seat LIMIT 1')).rows[0].seatplan_id;
  zone = await newZone('t-zone');
  const newSection = async (code: string) =>
    (
      await sql.query(
        `INSERT INTO section (seatplan_id, code, name, name_en, is_reserved, x, y, width, height)
         VALUES ($1, $2, 's', 's', true, 0, 0, 10, 10) RETURNING id`,
        [plan, code],
      )
    ).rows[0].id;
  section = await newSection('t-section');
  bare = await newSection('t-bare');
  group = (
    await sql.query(`INSERT INTO seat_group (section_id, code, name) VALUES ($1, 'g', 'g') RETURNING id`, [section])
  ).rows[0].id;
});
afterAll(async () => {
  await Promise.all([sql?.end(), other?.end()]);
  await db?.drop();
});

test.each([
  ['seatplan_id', { seatplan_id: -1 }],
  ['section_id', { section_id: -1 }],
  ['group_id', { group_id: -1 }],
  ['zone_id', { zone_id: -1 }],
] as const)('a seat naming a missing %s is refused, and nothing is written', async (column, missing) => {
  const before = (await sql.query('SELECT count(*)::int AS n FROM seat')).rows[0].n;
  expect(await failure(sql, INSERT_SEAT, seat(missing))).toEqual({ code: '23503', constraint: `seat_${column}_fkey` });
  // Nor by an update of a seat that exists.
  const id = (await sql.query(INSERT_SEAT, seat())).rows[0].id;
  expect(await failure(sql, `UPDATE seat SET ${column} = -1 WHERE id = $1`, [id])).toEqual({
    code: '23503',
    constraint: `seat_${column}_fkey`,
  });
  await sql.query('DELETE FROM seat WHERE id = $1', [id]);
  expect((await sql.query('SELECT count(*)::int AS n FROM seat')).rows[0].n).toBe(before);
});

test('a parent a seat names is neither deleted nor given another id; other changes of it pass', async () => {
  const id = (await sql.query(INSERT_SEAT, seat({ section_id: bare }))).rows[0].id;
  for (const [table, column, parent] of [
    ['section', 'section_id', bare],
    ['seat_group', 'group_id', group],
    ['zone', 'zone_id', zone],
  ] as const) {
    const named = { code: '23503', constraint: `seat_${column}_fkey` };
    expect(await failure(sql, `DELETE FROM ${table} WHERE id = $1`, [parent])).toEqual(named);
    expect(await failure(sql, `UPDATE ${table} SET id = -id WHERE id = $1`, [parent])).toEqual(named);
    await sql.query(`UPDATE ${table} SET name = 'renamed' WHERE id = $1`, [parent]);
  }
  expect(await failure(sql, 'UPDATE seatplan SET id = -id WHERE id = $1', [plan])).toMatchObject({ code: '23503' });
  // Once no seat names them, they go.
  await sql.query('DELETE FROM seat WHERE id = $1', [id]);
  await sql.query('DELETE FROM section WHERE id = $1', [bare]);
  bare = (
    await sql.query(
      `INSERT INTO section (seatplan_id, code, name, name_en, is_reserved, x, y, width, height)
       VALUES ($1, 't-bare', 's', 's', true, 0, 0, 10, 10) RETURNING id`,
      [plan],
    )
  ).rows[0].id;
});

/** Resolves once `client`'s backend waits for a lock, or once `over()`. */
async function waitingForLock(client: Client, over: () => boolean): Promise<void> {
  const pid = (client as unknown as { processID: number }).processID;
  while (!over()) {
    const r = await sql.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [pid]);
    if (r.rows[0]?.wait_event_type === 'Lock') return;
    await new Promise((done) => setImmediate(done));
  }
}

/**
 * One transaction deletes a zone no seat names yet; meanwhile another writes a seat naming it. With the lock the
 * writer waits for the delete and is refused; without it (the control) both commit and the seat names nothing.
 */
async function race(): Promise<{ refused: ReturnType<typeof refusal> | null; orphans: number }> {
  const doomed = await newZone(`t-doomed-${nextX}`);
  await sql.query('BEGIN');
  await sql.query('DELETE FROM zone WHERE id = $1', [doomed]);
  let written = false;
  const writing = other
    .query(INSERT_SEAT, seat({ zone_id: doomed }))
    .then(
      () => null,
      (e: unknown) => refusal(e),
    )
    .finally(() => {
      written = true;
    });
  // The delete commits once the writer waits for it (or has written without waiting: the control).
  await waitingForLock(other, () => written);
  await sql.query('COMMIT');
  const refused = await writing;
  const orphans = (
    await sql.query(
      'SELECT count(*)::int AS n FROM seat s WHERE NOT EXISTS (SELECT 1 FROM zone z WHERE z.id = s.zone_id)',
    )
  ).rows[0].n;
  await sql.query('DELETE FROM seat s WHERE NOT EXISTS (SELECT 1 FROM zone z WHERE z.id = s.zone_id)');
  return { refused, orphans };
}

test('a parent deleted while a seat naming it is written: the writer waits and is refused (control: an orphan)', async () => {
  expect(await race()).toEqual({ refused: { code: '23503', constraint: 'seat_zone_id_fkey' }, orphans: 0 });
  // Control: the same check without the parents' lock.
  const def: string = (await sql.query(`SELECT pg_get_functiondef('seat_parents_exist'::regproc) AS d`)).rows[0].d;
  expect(def).toContain('FOR KEY SHARE');
  await sql.query(def.replaceAll(' FOR KEY SHARE', ''));
  try {
    expect(await race()).toEqual({ refused: null, orphans: 1 });
  } finally {
    await sql.query(def);
  }
});

test('undone, the four foreign keys are back and the triggers gone; done again, the other way round', async () => {
  const migration = new SeatParentsCheckedPerStatement1796540000000();
  const run = async (step: 'up' | 'down') => {
    const ds = await openDataSource(db.url, 1);
    const runner = ds.createQueryRunner();
    try {
      await migration[step](runner);
    } finally {
      await runner.release();
      await ds.destroy();
    }
  };
  const shape = async () => ({
    keys: (
      await sql.query(
        `SELECT conname FROM pg_constraint WHERE conrelid = 'seat'::regclass AND contype = 'f' ORDER BY 1`,
      )
    ).rows.map((r) => r.conname),
    triggers: (
      await sql.query(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE 'seat_parent%' AND NOT tgisinternal`)
    ).rows[0].n,
  });
  const keys = ['seat_group_id_fkey', 'seat_seatplan_id_fkey', 'seat_section_id_fkey', 'seat_zone_id_fkey'];
  expect(await shape()).toEqual({ keys: [], triggers: 10 });
  await run('down');
  expect(await shape()).toEqual({ keys, triggers: 0 });
  await run('up');
  expect(await shape()).toEqual({ keys: [], triggers: 10 });
});
