import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { RedeemResponse } from '@hotline/shared';
import { Clock } from '../../src/common/clock';
import { newTicketIdentifier } from '../../src/reservations';
import { signedIn, type Reply, type StaffBrowser } from '../backoffice/support/staff-kit';
import { ManualClock } from '../support/manual-clock';
import { startTestApp, type ProviderOverride, type TestApp } from '../support/test-env';

export { ManualClock };

/**
 * Two server nodes on one database sharing one ManualClock (a venue's scanners reach either node), a SQL client,
 * and a business-1 show (cinema or theatre, reserved seating) whose doors are open: it starts in an hour.
 */
export interface Door {
  clock: ManualClock;
  a: TestApp;
  b: TestApp;
  sql: Client;
  presentationId: number;
  showAt: Date;
  close(): Promise<void>;
}

export async function startDoor(providers: ProviderOverride[] = [], env: Record<string, string> = {}): Promise<Door> {
  const clock = new ManualClock(Date.now());
  const all = [{ provide: Clock, useFactory: () => clock }, ...providers];
  const prefix = { REDIS_PREFIX: `test:door:${randomUUID().slice(0, 8)}:`, ...env };
  const a = await startTestApp(prefix, undefined, all);
  const b = await startTestApp(prefix, a.db, all);
  const sql = new Client({ connectionString: a.db.url });
  await sql.connect();
  const showAt = new Date(clock.ms + 60 * 60_000);
  const [show] = (
    await sql.query(
      `SELECT p.id FROM presentation p
        WHERE p.business_id = 1 AND p.is_reserved AND p.cancelled_at IS NULL AND p.venue_type_id < 100
          AND EXISTS (SELECT 1 FROM ticket_group g WHERE g.presentation_id = p.id)
        ORDER BY p.id LIMIT 1`,
    )
  ).rows;
  await sql.query(`UPDATE presentation SET date_time = $2, doors_open_minutes = 120 WHERE id = $1`, [show.id, showAt]);
  return {
    clock,
    a,
    b,
    sql,
    presentationId: show.id,
    showAt,
    async close() {
      await sql.end();
      await b.close();
      await a.close();
    },
  };
}

export interface SoldTicket {
  id: string;
  identifier: string;
  documentKey: string;
  reservationId: string;
  sectionId: number;
  x: number;
  y: number;
}

/**
 * Paid tickets written as the sale writes them (reservation + live reservation_ticket rows) on free seats: the door
 * reads nothing else, and the sale itself is the booking tests' subject.
 */
export async function sellTickets(sql: Client, presentationId: number, n: number): Promise<SoldTicket[]> {
  const seats = (
    await sql.query(
      `SELECT s.section_id AS "sectionId", s.x, s.y FROM seat s JOIN presentation p ON p.seatplan_id = s.seatplan_id
        WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM reservation_ticket t WHERE t.presentation_id = p.id
          AND t.section_id = s.section_id AND t.x = s.x AND t.y = s.y AND t.status = 'live')
        ORDER BY s.id LIMIT $2`,
      [presentationId, n],
    )
  ).rows;
  const [ticketType] = (
    await sql.query(
      `SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1`,
      [presentationId],
    )
  ).rows;
  const sold: SoldTicket[] = [];
  for (const seat of seats) {
    const documentKey = randomBytes(32).toString('base64url');
    const [reservation] = (
      await sql.query(
        `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
         VALUES ($1, $2, $3, 'paid', 0) RETURNING id::text AS id`,
        [`HLDOOR${randomBytes(4).toString('hex').toUpperCase()}`, documentKey, randomUUID()],
      )
    ).rows;
    const identifier = newTicketIdentifier();
    const [ticket] = (
      await sql.query(
        `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0) RETURNING id::text AS id`,
        [reservation.id, identifier, presentationId, seat.sectionId, seat.x, seat.y, ticketType.id],
      )
    ).rows;
    sold.push({ id: ticket.id, identifier, documentKey, reservationId: reservation.id, ...seat });
  }
  return sold;
}

/** The code on the ticket's e-ticket page now (what the buyer's phone shows). */
export async function codeOnETicket(app: TestApp, ticket: SoldTicket): Promise<string> {
  const response = await fetch(`${app.url}/api/edocument/${ticket.documentKey}?lang=en`, {
    headers: { uuid: randomUUID() },
  });
  const body = (await response.json()) as { reservation: { tickets: { ticketIdentifier: string; qrText: string }[] } };
  return body.reservation.tickets.find((t) => t.ticketIdentifier === ticket.identifier)!.qrText;
}

export interface ScanOptions {
  presentationId?: number;
  gate?: string;
  device?: string;
  nonce?: string;
  direction?: 'in' | 'out';
  lang?: string;
}

/** One scan through a signed-in staff browser on whichever node it was signed in at. */
export function scan(
  browser: StaffBrowser,
  door: Door,
  code: string,
  o: ScanOptions = {},
): Promise<Reply<RedeemResponse & { error?: string }>> {
  return browser.call('POST', `/api/checkin/redeem?lang=${o.lang ?? 'en'}`, {
    code,
    presentationId: o.presentationId ?? door.presentationId,
    gate: o.gate ?? 'North 1',
    device: o.device ?? 'phone-1',
    scannedAt: new Date(door.clock.ms).toISOString(),
    nonce: o.nonce ?? randomUUID(),
    direction: o.direction ?? 'in',
  });
}

export async function doorStaff(door: Door, node: TestApp = door.a): Promise<StaffBrowser> {
  return signedIn(node.url, door.sql, 'admin', door.clock.ms);
}
