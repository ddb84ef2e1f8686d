import { createHmac, randomUUID } from 'node:crypto';
import {
  digitsOfMac,
  formatRotatingCode,
  fromBase64Url,
  rotationStep,
  stepMessage,
  type CheckinManifest,
} from '@hotline/shared';
import { codeOnETicket, doorStaff, scan, sellTickets, startDoor, type Door, type SoldTicket } from './door-kit';

/**
 * The rotating code (docs/door-checkin.md, "The rotating code") through the server: a show that asks for it puts
 * each ticket's secret on its e-ticket and in the door staff's manifest; the door admits a code fresh by the server's
 * Clock (a ManualClock here, moved by hand), refuses one a minute old and the static codes. The moments are the
 * ManualClock's, never the wall clock's.
 */
describe('the rotating ticket code', () => {
  let door: Door;
  beforeAll(async () => {
    door = await startDoor();
    await door.sql.query(`UPDATE presentation SET rotating_code = true WHERE id = $1`, [door.presentationId]);
  });
  afterAll(async () => {
    await door?.sql.query(`UPDATE presentation SET rotating_code = false WHERE id = $1`, [door.presentationId]);
    await door?.close();
  });

  async function secretOnETicket(ticket: SoldTicket): Promise<string> {
    const response = await fetch(`${door.a.url}/api/edocument/${ticket.documentKey}?lang=en`, {
      headers: { uuid: randomUUID() },
    });
    const body = (await response.json()) as {
      reservation: { tickets: { ticketIdentifier: string; rotatingSecret: string | null }[] };
    };
    return body.reservation.tickets.find((t) => t.ticketIdentifier === ticket.identifier)!.rotatingSecret!;
  }

  /** What the e-ticket page shows at `atMs` (its own clock). */
  function codeAt(ticket: SoldTicket, secret: string, atMs: number): string {
    const mac = createHmac('sha256', fromBase64Url(secret)!)
      .update(stepMessage(rotationStep(atMs)))
      .digest();
    return formatRotatingCode(ticket.identifier, digitsOfMac(mac));
  }

  test('a fresh code admits; the same screen a minute later does not; the static code and the typed number are asked for the live code', async () => {
    const [a, b] = await sellTickets(door.sql, door.presentationId, 2);
    const staff = await doorStaff(door);
    const secretA = await secretOnETicket(a!);
    expect(secretA).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await secretOnETicket(b!)).not.toBe(secretA);

    // The static codes of a rotating show: a printed PDF, a screenshot of the first e-ticket, a typed number. They
    // are genuine, so the door asks for the live code rather than calling the ticket invalid, in the staff's language.
    const staticCode = await codeOnETicket(door.a, a!);
    expect((await scan(staff, door, staticCode)).body).toMatchObject({
      outcome: 'rotating-code-required',
      tone: 'amber',
      message: 'This show needs the live code from the app or wallet',
      admittedAt: null,
    });
    expect((await scan(staff, door, a!.identifier, { lang: 'he' })).body).toMatchObject({
      outcome: 'rotating-code-required',
      message: 'במופע הזה נדרש הקוד המתחלף מהאפליקציה או מהארנק',
    });
    expect((await scan(staff, door, staticCode, { lang: 'ru' })).body.message).toBe(
      'На этот показ нужен живой код из приложения или кошелька',
    );
    expect((await scan(staff, door, staticCode, { lang: 'ar' })).body.message).toBe(
      'يتطلب هذا العرض الرمز المتغير من التطبيق أو المحفظة',
    );
    // Asking for the live code let nobody in: the ticket is not inside.
    const { rows } = await door.sql.query(`SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1`, [
      a!.id,
    ]);
    expect(rows[0].n).toBe(0);

    const shown = codeAt(a!, secretA, door.clock.ms);
    door.clock.ms += 61_000;
    expect((await scan(staff, door, shown)).body).toMatchObject({ outcome: 'not-valid', ticketIdentifier: null });
    expect((await scan(staff, door, codeAt(a!, secretA, door.clock.ms))).body).toMatchObject({
      outcome: 'admitted',
      ticketIdentifier: a!.identifier,
    });
    // This ticket's number with another ticket's digits (made with that ticket's secret).
    expect((await scan(staff, door, codeAt(b!, secretA, door.clock.ms))).body.outcome).toBe('not-valid');
  });

  test('a phone 45 s fast still gets in; one 2 minutes slow does not', async () => {
    const [fast, slow] = await sellTickets(door.sql, door.presentationId, 2);
    const staff = await doorStaff(door);
    const now = door.clock.ms;
    expect((await scan(staff, door, codeAt(slow!, await secretOnETicket(slow!), now - 120_000))).body.outcome).toBe(
      'not-valid',
    );
    expect((await scan(staff, door, codeAt(fast!, await secretOnETicket(fast!), now + 45_000))).body.outcome).toBe(
      'admitted',
    );
  });

  test('the manifest carries the show’s secrets to its door staff, the same the e-tickets got', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const staff = await doorStaff(door);
    const manifest = (
      await staff.call<CheckinManifest>(
        'GET',
        `/api/checkin/presentations/${door.presentationId}/manifest?device=phone-1`,
      )
    ).body;
    expect(manifest.rotatingCode).toBe(true);
    const entry = manifest.tickets.find((t) => t.identifier === ticket!.identifier);
    expect(entry?.rotatingSecret).toBe(await secretOnETicket(ticket!));
  });
});
