import { randomUUID } from 'node:crypto';
import { codeOnETicket, doorStaff, scan, sellTickets, startDoor } from './door-kit';

/**
 * A device scanning far faster than a gate can (a stuck scanner, a script): its 121st scan in a minute is refused
 * with 429 before anything is read or written, another device at the same address goes on, and the ticket it hammered
 * is in once. The limits at their production values (RATE_LIMIT_SCALE 1; the suite's default scales them up).
 */
test('one device is limited to 120 scans a minute; nothing is admitted twice', async () => {
  const door = await startDoor([], { RATE_LIMIT_SCALE: '1' });
  try {
    const [ticket] = await sellTickets(door.sql, door.presentationId, 1);
    const code = await codeOnETicket(door.a, ticket!);
    const staff = await doorStaff(door);
    const statuses: number[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < 125; i++) {
      const r = await scan(staff, door, code, { device: 'stuck-phone', nonce: randomUUID() });
      statuses.push(r.status);
      if (r.status === 200) outcomes.push(r.body.outcome);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(1);
    const otherDevice = await scan(staff, door, code, { device: 'phone-2' });
    expect([otherDevice.status, otherDevice.body.outcome]).toEqual([200, 'already-admitted']);
    const scans = (await door.sql.query(`SELECT count(*)::int AS n FROM checkin_scan WHERE device = 'stuck-phone'`))
      .rows[0].n;
    expect(scans).toBe(120);
  } finally {
    await door.close();
  }
});
