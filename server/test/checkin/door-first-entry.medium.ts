import { Client } from 'pg';
import { AdmissionWriter } from '../../src/checkin/admission-writer';
import { codeOnETicket, doorStaff, scan, sellTickets, startDoor, type Door, type SoldTicket } from './door-kit';

/**
 * The door's first entry without a transaction (docs/door-checkin.md, "Exactly once"; decision 022): one statement
 * reads the ticket and lets it in, share-locking its row and checking again every fact the rule admits on. Here a
 * change of the ticket (a cancellation, a change of seats) is under way in another transaction when the scan comes:
 * the statement waits for its row lock, the change commits, and the statement admits nobody; the full transaction
 * then answers with the ticket as it now is. Controls: the same scan with nothing under way admits; and a writer
 * without the row lock lets the ticket in under the cancellation (the statement does not wait, so the test would
 * prove nothing without the lock).
 */
class WithoutRowLock extends AdmissionWriter {
  protected override readonly firstEntryLock = '';
}

async function startWith(writer?: typeof AdmissionWriter): Promise<Door> {
  return startDoor(writer ? [{ provide: AdmissionWriter, useClass: writer }] : []);
}

/**
 * Scans `code` while `change` is done, not yet committed, in a transaction of its own; commits the change once the
 * scan's statement waits for the ticket's row (or the scan has answered without waiting: the control).
 */
async function scanDuring(door: Door, code: string, change: (c: Client) => Promise<unknown>) {
  const staff = await doorStaff(door);
  const other = new Client({ connectionString: door.a.db.url });
  await other.connect();
  try {
    await other.query('BEGIN');
    await change(other);
    let answered = false;
    const pending = scan(staff, door, code).finally(() => (answered = true));
    // Bounded: the scan's statement waiting on the lock, or its answer.
    for (let i = 0; i < 500 && !answered; i++) {
      const { rows } = await door.sql.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%door_ticket%'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await other.query('COMMIT');
    return (await pending).body.outcome;
  } finally {
    await other.end();
  }
}

const cancel = (t: SoldTicket) => (c: Client) =>
  c.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [t.id]);

async function admissions(door: Door, ticketId: string): Promise<number> {
  return (await door.sql.query('SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1', [ticketId]))
    .rows[0].n;
}

describe('a ticket changing while the door’s one statement lets it in', () => {
  let door: Door;
  beforeAll(async () => {
    door = await startWith();
  });
  afterAll(async () => {
    await door?.close();
  });

  test('cancelled or moved to another seat meanwhile: not let in; nothing under way: let in', async () => {
    const [cancelled, moved, free, control] = await sellTickets(door.sql, door.presentationId, 4);

    expect(await scanDuring(door, await codeOnETicket(door.a, cancelled!), cancel(cancelled!))).toBe('cancelled');
    expect(await admissions(door, cancelled!.id)).toBe(0);

    const oldCode = await codeOnETicket(door.a, moved!);
    await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [free!.id]);
    const move = (c: Client) =>
      c.query(`UPDATE reservation_ticket SET section_id = $2, x = $3, y = $4 WHERE id = $1`, [
        moved!.id,
        free!.sectionId,
        free!.x,
        free!.y,
      ]);
    expect(await scanDuring(door, oldCode, move)).toBe('seat-changed');
    expect(await admissions(door, moved!.id)).toBe(0);

    expect(await scanDuring(door, await codeOnETicket(door.a, control!), async () => undefined)).toBe('admitted');
    expect(await admissions(door, control!.id)).toBe(1);
  });

  test('a refund committed before the scan: not let in (the statement reads the order as it is)', async () => {
    const [refunded] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, refunded!);
    await door.sql.query(`UPDATE reservation SET state = 'refunded' WHERE id = $1`, [refunded!.reservationId]);
    expect((await scan(await doorStaff(door), door, code)).body.outcome).toBe('cancelled');
    expect(await admissions(door, refunded!.id)).toBe(0);
  });
});

describe('control: the one statement without the ticket’s row lock', () => {
  test('lets a ticket in while its cancellation is under way (so the test above can fail)', async () => {
    const door = await startWith(WithoutRowLock);
    try {
      const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
      expect(await scanDuring(door, await codeOnETicket(door.a, ticket!), cancel(ticket!))).toBe('admitted');
      expect(await admissions(door, ticket!.id)).toBe(1);
    } finally {
      await door.close();
    }
  });
});
