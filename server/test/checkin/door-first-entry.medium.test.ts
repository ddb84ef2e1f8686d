import { CheckinRepository, type DoorTicketRow } from '../../src/checkin/checkin.repository';
import { codeOnETicket, doorStaff, scan, sellTickets, startDoor, type Door } from './door-kit';

/**
 * The door's first entry without a transaction (docs/door-checkin.md, "Exactly once"; decision 022): the ticket is
 * read without a lock, and the one statement that admits it checks again what the rule used. Here the ticket changes
 * exactly between that read and the statement (a repository that changes it right after reading): the statement
 * admits nobody and the full transaction answers with the ticket as it now is. The control: the same scan with nothing
 * changed in between admits.
 */
class ChangedAfterRead extends CheckinRepository {
  static change: (() => Promise<unknown>) | null = null;

  override async ticketUnlocked(identifier: string): Promise<DoorTicketRow | null> {
    const read = await super.ticketUnlocked(identifier);
    const change = ChangedAfterRead.change;
    ChangedAfterRead.change = null;
    await change?.();
    return read;
  }
}

describe('a ticket changed between the door’s read and its write', () => {
  let door: Door;
  beforeAll(async () => {
    door = await startDoor([{ provide: CheckinRepository, useClass: ChangedAfterRead }]);
  });
  afterAll(async () => {
    await door?.close();
  });

  const admissions = async (ticketId: string) =>
    (await door.sql.query('SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1', [ticketId])).rows[0]
      .n as number;

  test('cancelled, refunded or moved to another seat meanwhile: not let in; nothing changed: let in', async () => {
    const [cancelled, refunded, moved, free, control] = await sellTickets(door.sql, door.presentationId, 5);
    const staff = await doorStaff(door);

    ChangedAfterRead.change = () =>
      door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [cancelled!.id]);
    expect((await scan(staff, door, await codeOnETicket(door.a, cancelled!))).body.outcome).toBe('cancelled');
    expect(await admissions(cancelled!.id)).toBe(0);

    ChangedAfterRead.change = () =>
      door.sql.query(`UPDATE reservation SET state = 'refunded' WHERE id = $1`, [refunded!.reservationId]);
    expect((await scan(staff, door, await codeOnETicket(door.a, refunded!))).body.outcome).toBe('cancelled');
    expect(await admissions(refunded!.id)).toBe(0);

    const oldCode = await codeOnETicket(door.a, moved!);
    ChangedAfterRead.change = async () => {
      await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [free!.id]);
      await door.sql.query(`UPDATE reservation_ticket SET section_id = $2, x = $3, y = $4 WHERE id = $1`, [
        moved!.id,
        free!.sectionId,
        free!.x,
        free!.y,
      ]);
    };
    expect((await scan(staff, door, oldCode)).body.outcome).toBe('seat-changed');
    expect(await admissions(moved!.id)).toBe(0);

    ChangedAfterRead.change = async () => undefined;
    expect((await scan(staff, door, await codeOnETicket(door.a, control!))).body.outcome).toBe('admitted');
    expect(await admissions(control!.id)).toBe(1);
  });
});
