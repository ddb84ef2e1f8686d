import { randomUUID } from 'node:crypto';
import { checkTicketCode, MAX_TICKET_CODE_LENGTH, type TicketKey } from '@hotline/shared';
import { AdmissionWriter } from '../../src/checkin/admission-writer';
import { Clock } from '../../src/common/clock';
import { ed25519Verify } from '../../src/checkin/ed25519';
import { TicketKeys } from '../../src/checkin/ticket-keys.service';
import { ticketQrText } from '../../src/reservations/ticket-signature';
import { signedIn } from '../backoffice/support/staff-kit';
import { startTestApp } from '../support/test-env';
import { barrierOf } from '../support/barrier';
import { UnguardedAdmissionWriter } from '../support/unguarded-admission-writer';
import { codeOnETicket, doorStaff, scan, sellTickets, startDoor, type Door } from './door-kit';

/**
 * Door check-in (docs/door-checkin.md): the signed codes and their keys, the door's answers, the nonce, and the
 * one admission per ticket under a race of gates on two server nodes, with its control run.
 */
describe('door check-in', () => {
  let door: Door;
  beforeAll(async () => {
    door = await startDoor();
  });
  afterAll(async () => {
    await door?.close();
  });

  const publicKeys = async (): Promise<TicketKey[]> =>
    ((await (await fetch(`${door.a.url}/api/checkin/keys`)).json()) as { keys: TicketKey[] }).keys;

  test('e-tickets carry an HLT2 code of at most 120 characters that the public keys verify, without a secret', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    expect(code).toMatch(/^HLT2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(code.length).toBeLessThanOrEqual(MAX_TICKET_CODE_LENGTH);
    const keys = await publicKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.verifiesUntil).toBeNull();
    const verdict = checkTicketCode(code, keys, new Date(door.clock.ms), ed25519Verify);
    expect(verdict).toEqual({
      verdict: 'genuine',
      fields: {
        keyId: keys[0]!.keyId,
        ticketIdentifier: ticket!.identifier,
        presentationId: door.presentationId,
        sectionId: ticket!.sectionId,
        x: ticket!.x,
        y: ticket!.y,
      },
    });
    // The private key rests sealed: not the DER a copy of the database could sign with.
    const [stored] = (await door.sql.query(`SELECT private_key_sealed FROM checkin_key`)).rows;
    expect(stored.private_key_sealed).toMatch(/^v1\./);
  });

  test('admitted once; scanned again at another gate on the other node: already admitted, with when and where', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    const north = await doorStaff(door, door.a);
    const south = await doorStaff(door, door.b);
    const first = await scan(north, door, code, { gate: 'North 1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ outcome: 'admitted', tone: 'green', ticketIdentifier: ticket!.identifier });
    expect(first.body.seat).toEqual({ rowName: expect.any(String), seatName: expect.any(String) });
    const again = await scan(south, door, code, { gate: 'South 2', device: 'phone-2', lang: 'he' });
    expect(again.body).toMatchObject({ outcome: 'already-admitted', tone: 'amber', gate: 'North 1' });
    expect(again.body.admittedAt).toBe(first.body.admittedAt);
    expect(again.body.message).toContain('North 1');
    expect(again.body.message).toMatch(/[\u0590-\u05FF]/); // in Hebrew
  });

  test('the same nonce twice is one scan; another staff member may not replay it', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    const staff = await doorStaff(door);
    const nonce = randomUUID();
    const one = await scan(staff, door, code, { nonce });
    const two = await scan(staff, door, code, { nonce, gate: 'elsewhere' });
    expect(one.body).toMatchObject({ outcome: 'admitted', replayed: false });
    expect(two.body).toMatchObject({ outcome: 'admitted', replayed: true, gate: 'North 1' });
    // The answer the first entry's statement stored (its own jsonb) is the answer the scanner was given.
    expect(one.body.seat).not.toBeNull();
    expect({ ...two.body, replayed: false }).toEqual(one.body);
    expect(
      (await door.sql.query(`SELECT count(*)::int AS n FROM checkin_scan WHERE nonce = $1`, [nonce])).rows[0].n,
    ).toBe(1);
    await door.sql.query(
      `INSERT INTO staff_permission (staff_user_id, permission) SELECT id, 293 FROM staff_user WHERE username = 'cashier'`,
    );
    const cashier = await signedIn(door.a.url, door.sql, 'cashier', door.clock.ms);
    const stolen = await scan(cashier, door, code, { nonce });
    expect(stolen.status).toBe(409);
    expect(stolen.body.error).toBe('CHECKIN_NONCE_REUSED');
    await door.sql.query(
      `DELETE FROM staff_permission WHERE permission = 293 AND staff_user_id = (SELECT id FROM staff_user WHERE username = 'cashier')`,
    );
  });

  test('refused: forged, truncated, cancelled, seat changed, another show, too early; the first codes (HLT1) still open the door', async () => {
    const [a, b, c, d, e] = await sellTickets(door.sql, door.presentationId, 5);
    const staff = await doorStaff(door);
    const codeA = await codeOnETicket(door.a, a!);
    const forged = codeA.replace(/\.([A-Za-z0-9_-])/, (_m, ch: string) => `.${ch === 'A' ? 'B' : 'A'}`);
    expect((await scan(staff, door, forged)).body).toMatchObject({
      outcome: 'not-valid',
      tone: 'red',
      ticketIdentifier: null,
    });
    expect((await scan(staff, door, codeA.slice(0, 60))).body.outcome).toBe('not-valid');
    expect((await scan(staff, door, 'HLT1.T0000000000000.forgedforgedforgedfo')).body.outcome).toBe('not-valid');

    // A cancellation marks the ticket as the cancellations repository does (reservation_ticket.status).
    await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [a!.id]);
    expect((await scan(staff, door, codeA)).body).toMatchObject({ outcome: 'cancelled', tone: 'red' });
    // A refunded order.
    await door.sql.query(`UPDATE reservation SET state = 'refunded' WHERE id = $1`, [b!.reservationId]);
    expect((await scan(staff, door, await codeOnETicket(door.a, b!))).body.outcome).toBe('cancelled');

    // A change of seats moves the ticket row as order-changes does: the old code names the old seat.
    const oldCode = await codeOnETicket(door.a, c!);
    const [free] = await sellTickets(door.sql, door.presentationId, 1);
    await door.sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [free!.id]);
    await door.sql.query(`UPDATE reservation_ticket SET section_id = $2, x = $3, y = $4 WHERE id = $1`, [
      c!.id,
      free!.sectionId,
      free!.x,
      free!.y,
    ]);
    expect((await scan(staff, door, oldCode)).body).toMatchObject({ outcome: 'seat-changed', tone: 'amber' });
    expect((await scan(staff, door, await codeOnETicket(door.a, c!))).body.outcome).toBe('admitted');

    // At another show's gate.
    const [other] = (
      await door.sql.query(`SELECT id FROM presentation WHERE business_id = 1 AND id <> $1 ORDER BY id LIMIT 1`, [
        door.presentationId,
      ])
    ).rows;
    const codeD = await codeOnETicket(door.a, d!);
    expect((await scan(staff, door, codeD, { presentationId: other.id })).body.outcome).toBe('wrong-presentation');

    // Too early: the doors open two hours before; the server's clock decides, not the scanner's.
    door.clock.ms -= 3 * 60 * 60_000;
    try {
      const early = await scan(staff, door, codeD);
      expect(early.body).toMatchObject({ outcome: 'too-early', tone: 'amber' });
      expect(early.body.doorsOpenAt).toBe(new Date(door.showAt.getTime() - 120 * 60_000).toISOString());
    } finally {
      door.clock.ms += 3 * 60 * 60_000;
    }
    expect((await scan(staff, door, codeD)).body.outcome).toBe('admitted');

    // An e-ticket sent before the signed codes: HLT1, checked on the server with its HMAC.
    const legacy = ticketQrText(door.a.config.TICKET_SIGNING_KEY, e!.identifier);
    expect((await scan(staff, door, legacy)).body.outcome).toBe('admitted');
    expect((await scan(staff, door, e!.identifier)).body.outcome).toBe('already-admitted'); // typed by hand
  });

  test('exit and re-entry only where the show allows it', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    const staff = await doorStaff(door);
    expect((await scan(staff, door, code)).body.outcome).toBe('admitted');
    expect((await scan(staff, door, code, { direction: 'out' })).body.outcome).toBe('exit-not-allowed');
    await door.sql.query(`UPDATE presentation SET reentry_allowed = true WHERE id = $1`, [door.presentationId]);
    try {
      expect((await scan(staff, door, code, { direction: 'out' })).body.outcome).toBe('exited');
      expect((await scan(staff, door, code, { direction: 'out' })).body.outcome).toBe('not-inside');
      const back = await scan(staff, door, code, { gate: 'Side' });
      expect(back.body).toMatchObject({ outcome: 'admitted', gate: 'North 1' }); // the first entry is still the record
      expect((await scan(staff, door, code)).body.outcome).toBe('already-admitted');
    } finally {
      await door.sql.query(`UPDATE presentation SET reentry_allowed = false WHERE id = $1`, [door.presentationId]);
    }
  });

  test('staff without the door permission, of another business, or disabled are refused', async () => {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    const cashier = await signedIn(door.a.url, door.sql, 'cashier', door.clock.ms);
    expect((await scan(cashier, door, code)).status).toBe(403);
    await door.sql.query(
      `INSERT INTO staff_permission (staff_user_id, permission) SELECT id, 293 FROM staff_user WHERE username = 'cashier'`,
    );
    try {
      const [arena] = (await door.sql.query(`SELECT id FROM presentation WHERE business_id = 2 ORDER BY id LIMIT 1`))
        .rows;
      const scoped = await scan(cashier, door, code, { presentationId: arena.id });
      expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
      await door.sql.query(`UPDATE staff_user SET active = false WHERE username = 'cashier'`);
      const disabled = await scan(cashier, door, code);
      expect([disabled.status, disabled.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
      expect(
        (await door.sql.query(`SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1`, [ticket!.id]))
          .rows[0].n,
      ).toBe(0);
    } finally {
      await door.sql.query(`UPDATE staff_user SET active = true WHERE username = 'cashier'`);
      await door.sql.query(
        `DELETE FROM staff_permission WHERE permission = 293 AND staff_user_id = (SELECT id FROM staff_user WHERE username = 'cashier')`,
      );
    }
  });

  test('key rotation: codes of the old key keep opening the door until its last show is over, then nothing', async () => {
    const [before, after] = await sellTickets(door.sql, door.presentationId, 2);
    const oldCode = await codeOnETicket(door.a, before!);
    const [oldKey] = await publicKeys();
    await door.a.app.get(TicketKeys).rotate();
    const keys = await publicKeys();
    expect(keys).toHaveLength(2);
    const retired = keys.find((k) => k.keyId === oldKey!.keyId)!;
    expect(Date.parse(retired.verifiesUntil!)).toBeGreaterThanOrEqual(door.showAt.getTime());
    // The rotating node signs new codes with the new key at once (another node within a minute, when it reads again).
    const newCode = await codeOnETicket(door.a, after!);
    const newVerdict = checkTicketCode(newCode, keys, new Date(door.clock.ms), ed25519Verify);
    expect(newVerdict.verdict === 'genuine' && newVerdict.fields.keyId).not.toBe(oldKey!.keyId);
    const staff = await doorStaff(door, door.b);
    expect((await scan(staff, door, oldCode)).body.outcome).toBe('admitted'); // node b learns the new list on its own
    expect((await scan(staff, door, newCode)).body.outcome).toBe('admitted');
    // Past the old key's last show it is gone from the list, and its codes are not valid anywhere.
    const later = Date.parse(retired.verifiesUntil!) + 60_000;
    const saved = door.clock.ms;
    door.clock.ms = later;
    try {
      const now = await publicKeys();
      expect(now.map((k) => k.keyId)).not.toContain(oldKey!.keyId);
      expect(checkTicketCode(oldCode, keys, new Date(later), ed25519Verify)).toEqual({
        verdict: 'not-valid',
        reason: 'key-expired',
      });
      expect((await scan(staff, door, oldCode, { gate: 'late' })).body.outcome).toBe('not-valid');
    } finally {
      door.clock.ms = saved;
    }
  });
});

test('a changed TICKET_SIGNING_KEY: the key it cannot open is retired (its codes still admit), a new one signs', async () => {
  const door = await startDoor();
  try {
    const [before, after] = await sellTickets(door.sql, door.presentationId, 2);
    const oldCode = await codeOnETicket(door.a, before!);
    const other = await startTestApp(
      { TICKET_SIGNING_KEY: 'another-ticket-signing-secret-of-32+', REDIS_PREFIX: `test:door-other:${randomUUID()}:` },
      door.a.db,
      [{ provide: Clock, useFactory: () => door.clock }],
    );
    try {
      const newCode = await codeOnETicket(other, after!);
      expect(newCode.split('.')[1]).not.toBe(oldCode.split('.')[1]);
      const keys = (await (await fetch(`${other.url}/api/checkin/keys`)).json()) as { keys: TicketKey[] };
      expect(keys.keys).toHaveLength(2);
      const staff = await signedIn(other.url, door.sql, 'admin');
      expect((await scan(staff, door, oldCode)).body.outcome).toBe('admitted');
      expect((await scan(staff, door, newCode)).body.outcome).toBe('admitted');
    } finally {
      await other.app.close();
    }
  } finally {
    await door.close();
  }
});

/**
 * Eight gates scan one ticket at the same instant, four through each of two server nodes. The guard is
 * checkin_admission's primary key under a conditional insert (AdmissionWriter). The control run swaps in a writer
 * that reads then inserts, with every racer reading before any writes, and drops the key in its own database: it
 * must let the ticket in more than once, or this test proves nothing.
 */
const GATES = 8;

async function race(door: Door): Promise<{ admitted: number; already: number; rows: number }> {
  const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
  const code = await codeOnETicket(door.a, ticket!);
  const onA = await doorStaff(door, door.a);
  const onB = await doorStaff(door, door.b);
  const answers = await Promise.all(
    Array.from({ length: GATES }, (_, i) =>
      scan(i % 2 ? onB : onA, door, code, { gate: `Gate ${i}`, device: `phone-${i}` }),
    ),
  );
  const outcomes = answers.map((r) => r.body.outcome);
  console.log(`door race (${UnguardedAdmissionWriter.barrier ? 'control' : 'guarded'}):`, outcomes.join(' '));
  const rows = (
    await door.sql.query(`SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = $1`, [ticket!.id])
  ).rows[0].n;
  return {
    admitted: outcomes.filter((o) => o === 'admitted').length,
    already: outcomes.filter((o) => o === 'already-admitted').length,
    rows,
  };
}

describe('one ticket, eight gates, two nodes, one instant', () => {
  test('exactly one gate admits it; the others answer already admitted', async () => {
    const door = await startDoor();
    try {
      expect(await race(door)).toEqual({ admitted: 1, already: GATES - 1, rows: 1 });
    } finally {
      await door.close();
    }
  });

  test('control: without the conditional insert and the key, the same race lets the ticket in at every gate', async () => {
    const door = await startDoor([{ provide: AdmissionWriter, useClass: UnguardedAdmissionWriter }]);
    try {
      await door.sql.query(`ALTER TABLE checkin_admission DROP CONSTRAINT checkin_admission_pkey`);
      UnguardedAdmissionWriter.barrier = barrierOf(GATES);
      const o = await race(door);
      expect(o.admitted).toBeGreaterThan(1);
      expect(o.rows).toBeGreaterThan(1);
    } finally {
      UnguardedAdmissionWriter.barrier = null;
      await door.close();
    }
  });
});
