import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { HoldsRepository } from '../../src/holds/holds.repository';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import { startTestApp, type TestApp } from '../support/test-env';
import { seedDueHolds } from './support/hold-kit';

const BATCH = 50;
const HOLDS = 300;
const PRESENTATIONS = [1, 2, 3, 4];
const NO_TIMERS = { HOLD_RELEASE_INTERVAL_MS: '0', RECOVERY_INTERVAL_MS: '0', HOLD_RELEASE_BATCH: String(BATCH) };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The sweep's batch statement must cost what its batch costs, not what the table holds (docs/hold-orders.md,
 * "Why the third round was slower"). The trap is the statistics autovacuum takes right after a sweep: every hold
 * released, every ticket cancelled. The next show's holds are then live tickets the planner believes do not
 * exist, and it used to read ALL live tickets per batch (the live-ticket partial index, scanned without a key,
 * joined to the batch by a nested loop): 0.85 s, 3.7 s, 5.4 s for three rounds of 10,000 holds.
 * Each step finds its rows by the keys the step before it returned (= ANY of an array), so no statistics can turn
 * it into a scan of a whole table or index. No timing here: the plan's own row counts say what one batch touched.
 */
describe('hold release sweep: one batch touches its own rows only', () => {
  let app: TestApp;
  let sql: Client;

  beforeAll(async () => {
    app = await startTestApp(NO_TIMERS);
    sql = new Client({ connectionString: app.db.url });
    await sql.connect();
    // The statistics are this test's own input (the ANALYZE below is what autovacuum records after a sweep):
    // the daemon must not take others of its own at a moment that depends on the machine's load.
    await sql.query(
      'ALTER TABLE hold_order SET (autovacuum_enabled = false); ' +
        'ALTER TABLE reservation SET (autovacuum_enabled = false); ' +
        'ALTER TABLE reservation_ticket SET (autovacuum_enabled = false)',
    );
  });
  afterAll(async () => {
    await sql.end();
    await app.close();
  });

  test('after a released round and autovacuum-style ANALYZE, a batch reads at most its own rows', async () => {
    expect(await seedDueHolds(sql, HOLDS, PRESENTATIONS, 'P1')).toBe(HOLDS);
    expect((await app.app.get(HoldReleaseJob).runOnce()).released).toBe(HOLDS);
    // What autovacuum records after such a sweep (its naptime is a minute): no hold held, no ticket live.
    await sql.query('ANALYZE hold_order, reservation, reservation_ticket');
    expect(await seedDueHolds(sql, HOLDS, PRESENTATIONS, 'P2')).toBe(HOLDS);

    // The statement exactly as the sweep sends it (LIMIT 0 releases nothing; its text is caught).
    const db = app.app.get(DataSource);
    const spy = jest.spyOn(db, 'query');
    let statement: string | undefined;
    try {
      await app.app.get(HoldsRepository).releaseDue(new Date(), 0, 'plan-test');
      // Found by its text, not as the first call: the app's other jobs share this DataSource and, under load, one
      // of their statements can land between the spy and the sweep's.
      statement = spy.mock.calls.map((c) => c[0] as string).find((q) => q.startsWith('WITH due AS'));
    } finally {
      spy.mockRestore();
    }
    if (!statement?.startsWith('WITH due AS')) throw new Error(`the sweep sent no statement starting 'WITH due AS'`);

    await sql.query('BEGIN');
    let plan: PlanNode;
    try {
      const r = await sql.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`, [new Date(), BATCH, 'plan-test']);
      plan = r.rows[0]['QUERY PLAN'][0].Plan;
    } finally {
      await sql.query('ROLLBACK');
    }

    // Every node reading a table of the statement (a heap scan, or an index scan of one of its indexes, bitmap or
    // not), with the rows it produced over all its loops.
    const tables = ['hold_order', 'reservation', 'reservation_ticket'];
    const reads = nodesOf(plan)
      .filter(
        (n) =>
          n['Node Type'] !== 'ModifyTable' &&
          (tables.includes(n['Relation Name'] ?? '') || /^(hold_order|reservation)_/.test(n['Index Name'] ?? '')),
      )
      .map((n) => ({
        node: `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`,
        rows: n['Actual Rows'] * n['Actual Loops'],
      }));
    expect(reads.some((n) => n.node.includes('reservation_ticket'))).toBe(true);
    // One one-seat hold per ticket: no node of a batch of BATCH holds reads more than BATCH rows. The old statement
    // read all HOLDS live tickets (once, or once per hold); a hash join over a whole table reads all its rows.
    // The whole plan in the message: a failure on a loaded machine must say which node read what.
    expect({ over: reads.filter((n) => n.rows > BATCH), plan: reads }).toEqual({ over: [], plan: reads });
    // The batch was released in full (the rows it read were the right ones).
    expect(
      nodesOf(plan).find((n) => n['Node Type'] === 'ModifyTable' && n['Relation Name'] === 'reservation_ticket')?.[
        'Actual Rows'
      ],
    ).toBe(BATCH);
  });
});
