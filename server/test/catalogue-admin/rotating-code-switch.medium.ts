import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { AdminPresentation } from '@hotline/shared';
import type { TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';
import { publishedDates, useCatalogueApp } from './support/catalogue-app';

/**
 * The doors' rotating code switched from the events screen's route (docs/door-checkin.md, "The rotating code"):
 * catalogue staff (291) turn it on and off, audited, at the date's revision; once the doors have opened or a ticket
 * of the date was scanned it is refused, in the staff member's language, and nothing changes.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let date: AdminPresentation;

const rotating = async () =>
  (await sql.query('SELECT rotating_code, revision FROM presentation WHERE id = $1', [date.id])).rows[0] as {
    rotating_code: boolean;
    revision: number;
  };
const switchTo = (who: StaffBrowser, rotatingCode: boolean, revision: number, lang = 'en') =>
  who.call<AdminPresentation & { error?: string; message?: string }>(
    'PUT',
    `/api/admin/presentations/${date.id}/rotating-code?lang=${lang}`,
    { revision, rotatingCode },
  );

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  const made = await publishedDates(admin, {
    code: 'rotating',
    stage: { he: 'במת הקוד', en: 'Code Stage' },
    event: { he: 'הקוד', en: 'The Code' },
    today: new Date(),
    daysAhead: 30,
  });
  date = made.dates[0]!;
  expect(date.rotatingCode).toBe(false);
});

test('turned on and off at the revision, each change audited; a stale revision changes nothing', async () => {
  const on = await switchTo(admin, true, date.revision);
  expect(on.status).toBe(200);
  expect(on.body).toMatchObject({ id: date.id, rotatingCode: true, revision: date.revision + 1 });
  expect((await rotating()).rotating_code).toBe(true);

  const stale = await switchTo(admin, false, date.revision);
  expect(stale.status).toBe(409);
  expect((await rotating()).rotating_code).toBe(true);

  const off = await switchTo(admin, false, on.body.revision);
  expect(off.body).toMatchObject({ rotatingCode: false });
  const audit = await sql.query(
    `SELECT detail FROM audit_log WHERE action = 'presentation-rotating-code' AND subject = $1 ORDER BY id`,
    [`presentation:${date.id}`],
  );
  expect(audit.rows.map((r) => r.detail)).toEqual([
    { before: false, after: true },
    { before: true, after: false },
  ]);
  date = off.body;
});

test('staff without the catalogue permission are refused', async () => {
  const cashier = await signedIn(t.url, sql, 'cashier');
  const refused = await switchTo(cashier, true, date.revision);
  expect(refused.status).toBe(403);
  expect((await rotating()).rotating_code).toBe(false);
});

test('refused once the doors have opened, in the staff member’s language', async () => {
  // The show an hour from now: its doors (two hours before) are open by the server's clock.
  await sql.query(`UPDATE presentation SET date_time = now() + interval '1 hour' WHERE id = $1`, [date.id]);
  try {
    const refused = await switchTo(admin, true, date.revision, 'he');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ROTATING_CODE_LOCKED');
    expect(refused.body.message).toContain('הקוד המתחלף');
    expect(await rotating()).toEqual({ rotating_code: false, revision: date.revision });
  } finally {
    await sql.query('UPDATE presentation SET date_time = $2 WHERE id = $1', [date.id, date.startsAt]);
  }
  // The control: the same call with the doors not yet open goes through.
  const on = await switchTo(admin, true, date.revision);
  expect(on.status).toBe(200);
  date = on.body;
});

test('refused once a ticket of the date was scanned (even a refused scan): scanners hold the old setting', async () => {
  const scanned = await admin.call<{ outcome: string }>('POST', '/api/checkin/redeem?lang=en', {
    code: 'not a ticket',
    presentationId: date.id,
    gate: 'North 1',
    device: 'phone-1',
    scannedAt: new Date().toISOString(),
    nonce: randomUUID(),
    direction: 'in',
  });
  expect(scanned.body.outcome).toBe('not-valid');
  const refused = await switchTo(admin, false, date.revision);
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe('ROTATING_CODE_LOCKED');
  expect(await rotating()).toEqual({ rotating_code: true, revision: date.revision });
});
