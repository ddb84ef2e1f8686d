import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Client } from 'pg';
import type { AdminSeatPlanSummary, AdminVenue } from '@hotline/shared';
import { GENERATED_DIR, seatPlanPatch, validateVenue, type VenueDocument } from '@hotline/seatmaps';
import type { TestApp } from '../support/test-env';
import { StaffBrowser, signedIn, type Reply } from '../backoffice/support/staff-kit';
import { useCatalogueApp } from './support/catalogue-app';

/**
 * Venues and seat plans from the back office: staff with the catalogue permission (291) only,
 * within their businesses; a seat plan uploaded in the seatmaps/ format becomes a draft version, can be replaced
 * while a draft (naming the revision it saw), and once published never changes; only a published version can be
 * sold. Every refusal answers the project's error shape and changes nothing.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;

const THEATRE = path.join(__dirname, '../../../seatmaps/venues/theatre.json');
const theatre = (): Record<string, any> => JSON.parse(readFileSync(THEATRE, 'utf8'));
const seatsIn = (doc: Record<string, any>) =>
  (doc.sections as any[])
    .flatMap((s) => s.groups)
    .flatMap((g: any) => g.rows)
    .flatMap((r: any) => r.seats).length;

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
});

const count = async (table: string): Promise<number> =>
  (await sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
const tables = async () => ({
  venue: await count('venue'),
  location: await count('location'),
  seatplan: await count('seatplan'),
  seat: await count('seat'),
  audit: await count('audit_log'),
});

/** A plan version's rows in each table of its contents. */
const rowsOf = async (plan: number) =>
  (
    await sql.query(
      `SELECT (SELECT count(*)::int FROM seat WHERE seatplan_id = $1) AS seat,
              (SELECT count(*)::int FROM seat_group g JOIN section s ON s.id = g.section_id
                WHERE s.seatplan_id = $1) AS seat_group,
              (SELECT count(*)::int FROM section WHERE seatplan_id = $1) AS section,
              (SELECT count(*)::int FROM zone WHERE seatplan_id = $1) AS zone`,
      [plan],
    )
  ).rows[0];

const newVenue = (overrides: Record<string, unknown> = {}) => ({
  businessId: 1,
  code: `hall-${Math.random().toString(36).slice(2, 8)}`,
  name: { he: 'אולם הבימה', en: 'Habima Hall', ru: 'Зал Габима', ar: 'قاعة هبيما' },
  address: 'Tarsat Blvd 2, Tel Aviv',
  kind: 'hall',
  ...overrides,
});

/** A seat plan sent as the upload media type (past the API's 256 kB limit). */
async function upload(
  browser: StaffBrowser,
  method: 'POST' | 'PUT',
  url: string,
  body: string | Buffer,
  type = 'application/vnd.hotline.seat-plan+json',
  encoding?: string,
): Promise<Reply & { serverTiming: string | null }> {
  const response = await fetch(`${t.url}${url}`, {
    method,
    headers: {
      uuid: browser.visitorId,
      cookie: browser.sessionCookie,
      'content-type': type,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text),
    setCookies: [],
    serverTiming: response.headers.get('server-timing'),
  };
}

test('without the catalogue permission every route is refused, and changes nothing', async () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/venues'],
    ['POST', '/api/admin/venues', newVenue()],
    ['GET', '/api/admin/venues/1'],
    ['PUT', '/api/admin/venues/1', { revision: 1, name: newVenue().name, address: '', kind: 'hall' }],
    ['POST', '/api/admin/venues/1/seat-plans', theatre()],
    ['GET', '/api/admin/seat-plans/1'],
    ['GET', '/api/admin/seat-plans/1/document'],
    ['PUT', '/api/admin/seat-plans/1?revision=1', theatre()],
    ['POST', '/api/admin/seat-plans/1/publish', { revision: 1 }],
  ];
  const anonymous = new StaffBrowser(t.url);
  const cashier = await signedIn(t.url, sql, 'cashier');
  const before = await tables();
  for (const [method, url, body] of routes) {
    expect([method, url, (await anonymous.call(method, url, body)).body.error]).toEqual([
      method,
      url,
      'STAFF_NOT_SIGNED_IN',
    ]);
    expect([method, url, (await cashier.call(method, url, body)).body.error]).toEqual([
      method,
      url,
      'STAFF_PERMISSION_DENIED',
    ]);
  }
  expect(await tables()).toEqual(before);
});

test('a venue is created in four languages, audited; bad input is a 4xx naming the field and changes nothing', async () => {
  const created = await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue());
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    businessId: 1,
    name: newVenue().name,
    kind: 'hall',
    seatPlans: [],
    revision: 1,
  });
  const [audit] = (
    await sql.query(`SELECT action, detail FROM audit_log WHERE subject = $1`, [`venue:${created.body.id}`])
  ).rows;
  expect(audit).toMatchObject({ action: 'venue-create', detail: { after: { code: created.body.code } } });

  const before = await tables();
  const refusals: [unknown, number, string, RegExp][] = [
    [newVenue({ name: { he: '<b>אולם</b>', en: 'Hall' } }), 400, 'INVALID_BODY', /name\.he/],
    [newVenue({ name: { he: '', en: 'Hall' } }), 400, 'INVALID_BODY', /name\.he/],
    [newVenue({ code: 'Bad Code!' }), 400, 'INVALID_BODY', /code/],
    [newVenue({ kind: 'castle' }), 400, 'INVALID_BODY', /kind/],
    [newVenue({ businessId: 'x' }), 400, 'INVALID_BODY', /businessId/],
    [newVenue({ code: created.body.code }), 409, 'VENUE_CODE_TAKEN', /in use/],
    [newVenue({ businessId: 3 }), 403, 'STAFF_BUSINESS_SCOPE', /business/],
  ];
  for (const [body, status, error, message] of refusals) {
    const r = await admin.call('POST', '/api/admin/venues?lang=en', body);
    expect([r.status, r.body.error]).toEqual([status, error]);
    expect(r.body.message).toMatch(message);
  }
  expect(await tables()).toEqual(before);
});

test('a seat plan: upload a draft, replace it at its revision, publish it; a published version never changes', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const doc = theatre();
  const first = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, doc);
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({
    venueId: venue.id,
    code: 'main-hall',
    version: 1,
    status: 'draft',
    revision: 1,
    seatCount: seatsIn(doc),
    sectionCount: doc.sections.length,
    zoneCount: doc.zones.length,
    publishedAt: null,
    presentationCount: 0,
  });
  const plan = first.body.id;
  // A draft is its document: its seats become rows when it is published (its zones and sections are rows already).
  expect(await rowsOf(plan)).toEqual({ seat: 0, seat_group: 0, section: doc.sections.length, zone: doc.zones.length });
  // The document comes back as uploaded (defaults filled in), for the preview and the designer.
  const stored = await admin.call('GET', `/api/admin/seat-plans/${plan}/document`);
  expect(stored.body.seatplan).toEqual(doc.seatplan);

  // A draft is never sold: the database refuses a presentation on it, whatever code writes it.
  await expect(
    sql.query(
      `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, date_time)
       VALUES (1, $1, $2, $3, 1, now() + interval '30 days')`,
      [venue.locationId, venue.id, plan],
    ),
  ).rejects.toThrow(/draft/);

  // Replaced at a stale revision: 409 with the current state, nothing changed.
  const smaller = theatre();
  smaller.sections = smaller.sections.slice(0, 2);
  const stale = await admin.call('PUT', `/api/admin/seat-plans/${plan}?revision=7`, smaller);
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', 1]);
  expect((await admin.call('GET', `/api/admin/seat-plans/${plan}`)).body.seatCount).toBe(seatsIn(doc));

  const replaced = await admin.call<AdminSeatPlanSummary>('PUT', `/api/admin/seat-plans/${plan}?revision=1`, smaller);
  expect(replaced.status).toBe(200);
  expect(replaced.body).toMatchObject({
    id: plan,
    version: 1,
    revision: 2,
    seatCount: seatsIn(smaller),
    sectionCount: 2,
  });
  expect(await rowsOf(plan)).toMatchObject({ seat: 0, section: 2 });

  expect((await admin.call('POST', `/api/admin/seat-plans/${plan}/publish`, { revision: 1 })).body.error).toBe(
    'STALE_REVISION',
  );
  const published = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/seat-plans/${plan}/publish`, {
    revision: 2,
  });
  expect(published.status).toBe(200);
  expect(published.body).toMatchObject({ status: 'published', revision: 3 });
  expect(published.body.publishedAt).not.toBeNull();
  // Published, its rows are the document's: every seat, its groups, sections and zones.
  expect(await rowsOf(plan)).toEqual({
    seat: seatsIn(smaller),
    seat_group: smaller.sections.flatMap((s: any) => s.groups).length,
    section: 2,
    zone: smaller.zones.length,
  });

  const seatsBefore = await count('seat');
  for (const r of [
    await admin.call('PUT', `/api/admin/seat-plans/${plan}?revision=3`, doc),
    await admin.call('POST', `/api/admin/seat-plans/${plan}/publish`, { revision: 3 }),
  ])
    expect([r.status, r.body.error]).toEqual([409, 'SEAT_PLAN_PUBLISHED']);
  expect(await count('seat')).toBe(seatsBefore);

  // A published version may be sold.
  await sql.query(
    `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, date_time)
     VALUES (1, $1, $2, $3, 1, now() + interval '30 days')`,
    [venue.locationId, venue.id, plan],
  );
  // The next upload of the same plan code is version 2, a draft beside the published one.
  const second = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, theatre());
  expect(second.body).toMatchObject({ code: 'main-hall', version: 2, status: 'draft' });
  const listed = (await admin.call<AdminVenue>('GET', `/api/admin/venues/${venue.id}`)).body.seatPlans;
  expect(listed.map((p) => [p.version, p.status, p.presentationCount])).toEqual([
    [1, 'published', 1],
    [2, 'draft', 0],
  ]);
  const actions = (
    await sql.query(`SELECT action FROM audit_log WHERE subject = $1 ORDER BY id`, [`seat-plan:${plan}`])
  ).rows.map((r) => r.action);
  expect(actions).toEqual(['seat-plan-upload', 'seat-plan-replace', 'seat-plan-publish']);
});

test('publishing is refused while the plan check finds problems, each located and in the user’s language; nothing changes', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const doc = theatre();
  // Valid as a file, not fit to sell: two seats on top of each other, and a zone nobody sits in.
  const seats = doc.sections[0].groups[1].rows[0].seats;
  seats[1].xOffsetPercent = seats[0].xOffsetPercent;
  doc.zones.push({ code: 'empty', name: { he: 'ריק', en: 'Empty' }, color: '#123456' });
  const draft = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, doc);
  expect(draft.status).toBe(201);
  const plan = draft.body.id;
  const auditBefore = await count('audit_log');

  const en = await admin.call('POST', `/api/admin/seat-plans/${plan}/publish?lang=en`, { revision: 1 });
  expect([en.status, en.body.error]).toEqual([422, 'SEAT_PLAN_NOT_PUBLISHABLE']);
  expect(en.body.message).toBe(
    'The seat plan cannot be published: it has 2 problems. The first: Category empty has no seats.',
  );
  expect(en.body.problems.map((p: any) => [p.code, p.path])).toEqual([
    ['ZONE_WITHOUT_SEATS', `/zones/${doc.zones.length - 1}`],
    ['SEATS_OVERLAP', '/sections/0/groups/1/rows/0/seats/0'],
  ]);
  expect(en.body.problems[1].at).toEqual({ x: expect.any(Number), y: expect.any(Number) });
  expect(en.body.problems[1].message).toMatch(/^Seats \S+ and \S+ overlap\.$/);
  const he = await admin.call('POST', `/api/admin/seat-plans/${plan}/publish?lang=he`, { revision: 1 });
  expect(he.body.message).toMatch(/^לא ניתן לפרסם את מפת המושבים/);
  expect(he.body.problems[0].message).toBe('לקטגוריה empty אין מושבים.');
  const ar = await admin.call('POST', `/api/admin/seat-plans/${plan}/publish?lang=ar`, { revision: 1 });
  expect(ar.body.problems[0].message).toBe('الفئة empty ليس فيها مقاعد.');
  expect((await admin.call('GET', `/api/admin/seat-plans/${plan}`)).body).toMatchObject({
    status: 'draft',
    revision: 1,
  });
  expect(await count('audit_log')).toBe(auditBefore);

  // Fixed and saved at its revision, it publishes.
  const fixed = await admin.call('PUT', `/api/admin/seat-plans/${plan}?revision=1`, theatre());
  expect(fixed.status).toBe(200);
  const published = await admin.call('POST', `/api/admin/seat-plans/${plan}/publish`, { revision: 2 });
  expect([published.status, published.body.status]).toEqual([200, 'published']);
});

test('two staff save the same draft at once: one save wins, the other is a 409 with the current revision, nothing of it written', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const plan = (await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, theatre()))
    .body.id;
  const other = await signedIn(t.url, sql, 'admin'); // a second editor: another session
  const mine = theatre();
  mine.sections = mine.sections.slice(0, 1);
  const theirs = theatre();
  theirs.sections = theirs.sections.slice(0, 2);
  // Both opened revision 1 and save together.
  const [a, b] = await Promise.all([
    admin.call('PUT', `/api/admin/seat-plans/${plan}?revision=1&lang=en`, mine),
    other.call('PUT', `/api/admin/seat-plans/${plan}?revision=1&lang=en`, theirs),
  ]);
  expect([a.status, b.status].sort()).toEqual([200, 409]);
  const [won, lost, winner] = a.status === 200 ? [a, b, mine] : [b, a, theirs];
  expect(won.body.revision).toBe(2);
  expect([lost.body.error, lost.body.current?.revision]).toEqual(['STALE_REVISION', 2]);
  // The loser's document was not written over the winner's.
  const stored = await admin.call('GET', `/api/admin/seat-plans/${plan}/document`);
  expect(stored.body.sections.map((s: any) => s.code)).toEqual(winner.sections.map((s: any) => s.code));
  expect((await admin.call('GET', `/api/admin/seat-plans/${plan}`)).body.seatCount).toBe(seatsIn(winner));
  expect(await rowsOf(plan)).toMatchObject({ section: winner.sections.length });
});

test('a later save sends what changed: a patch of the stored revision, checked whole; a stale base is a 409, a bad result refused', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const plan = (await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, theatre()))
    .body.id;
  const url = (revision: number) => `/api/admin/seat-plans/${plan}?revision=${revision}&lang=en`;
  /** The plan with `edit` made, as a patch: the sections `edit` names sent whole, the others by code. */
  const patched = (base: VenueDocument, edit: (d: VenueDocument) => string[]) => {
    const next = structuredClone(base);
    const changed = edit(next);
    const patch = seatPlanPatch(
      next,
      next.sections.map((s) => (changed.includes(s.code) ? s : s.code)),
      false,
    );
    return { next, patch };
  };
  const first = theatre().sections[0].code as string;

  // A seat moved a little and the last section put first: the moved seat's section sent, the rest by code.
  const { next, patch } = patched(theatre() as VenueDocument, (d) => {
    d.sections[0]!.groups[0]!.rows[0]!.seats[0]!.xOffsetPercent += 0.01;
    d.sections.unshift(d.sections.pop()!);
    return [first];
  });
  expect(patch.sections.map((s) => (typeof s === 'string' ? s : `sent ${s.code}`))).toEqual(
    next.sections.map((s) => (s.code === first ? `sent ${first}` : s.code)),
  );
  expect(patch.sections[0]).toBe(theatre().sections.at(-1).code);
  const saved = await upload(admin, 'PUT', url(1), JSON.stringify(patch));
  expect([saved.status, saved.body.revision, saved.body.seatCount]).toEqual([200, 2, seatsIn(next)]);
  expect(saved.serverTiming).toMatch(/^parse;dur=\S+, read;dur=\S+, patch;dur=\S+, validate;dur=\S+, write;dur=\S+$/);
  const stored = async () => (await admin.call('GET', `/api/admin/seat-plans/${plan}/document`)).body;
  expect(await stored()).toEqual(validateVenue(next, 'expected'));

  // Nothing of a refused patch is written: not the document, not a row, not an audit entry.
  const before = { tables: await tables(), document: await stored() };
  // Made against revision 1, now stale: the usual 409 with the current version (the designer then sends it whole).
  const stale = await admin.call('PUT', url(1), patch);
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', 2]);
  // The patched plan is checked as a whole document is: an unknown zone is a 422 at its place in the result.
  const badZone = patched(next, (d) => {
    d.sections[1]!.groups[0]!.rows[0]!.seats[0]!.zone = 'NO-SUCH-ZONE';
    return [d.sections[1]!.code];
  }).patch;
  const refused = await admin.call('PUT', url(2), badZone);
  expect([refused.status, refused.body.error, refused.body.problems?.[0]?.path]).toEqual([
    422,
    'SEAT_PLAN_INVALID',
    '/sections/1/groups/0/rows/0/seats/0/zone',
  ]);
  // Two seats of a row with one label: the format's refusal, as for a whole document.
  const twice = patched(next, (d) => {
    const seats = d.sections.find((s) => s.code === first)!.groups[0]!.rows[0]!.seats;
    seats[1]!.name = seats[0]!.name;
    return [first];
  }).patch;
  const labels = await admin.call('PUT', url(2), twice);
  expect([labels.status, labels.body.problems?.map((p: any) => p.code)]).toEqual([422, ['DUPLICATE_SEAT_NAME']]);
  // 300,000 seats in one patched section: the seat cap, counted on the result.
  const huge = patched(next, (d) => {
    d.sections.find((s) => s.code === first)!.groups[0]!.rows = [
      { name: '1', seats: Array.from({ length: 300_000 }, () => ({}) as never) },
    ];
    return [first];
  }).patch;
  const tooLarge = await upload(admin, 'PUT', url(2), JSON.stringify(huge));
  expect([tooLarge.status, tooLarge.body.error]).toEqual([413, 'SEAT_PLAN_TOO_LARGE']);
  // A section code the stored version does not have; a patch as a new plan.
  const unknown = await admin.call('PUT', url(2), { ...patch, sections: ['nowhere'] });
  expect([unknown.status, unknown.body.error]).toEqual([400, 'INVALID_BODY']);
  expect(unknown.body.message).toBe(
    'The request body is not valid: sections/0: the stored version has no section "nowhere"',
  );
  const asNew = await admin.call('POST', `/api/admin/venues/${venue.id}/seat-plans?lang=en`, patch);
  expect([asNew.status, asNew.body.error]).toEqual([400, 'INVALID_BODY']);
  expect({ tables: await tables(), document: await stored() }).toEqual(before);

  // Published, the patched plan's seats are rows.
  const published = await admin.call('POST', `/api/admin/seat-plans/${plan}/publish`, { revision: 2 });
  expect(published.status).toBe(200);
  expect((await rowsOf(plan)).seat).toBe(seatsIn(next));
});

test('an invalid plan is a 422 listing each problem at its JSON path, in the user’s language, and writes nothing', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const doc = theatre();
  doc.sections[1].groups[0].rows[0].seats[0].zone = 'NO-SUCH-ZONE';
  const before = await tables();
  const en = await admin.call('POST', `/api/admin/venues/${venue.id}/seat-plans?lang=en`, doc);
  expect([en.status, en.body.error]).toEqual([422, 'SEAT_PLAN_INVALID']);
  expect(en.body.problems[0].path).toBe('/sections/1/groups/0/rows/0/seats/0/zone');
  expect(en.body.message).toContain('/sections/1/groups/0/rows/0/seats/0/zone');
  const he = await admin.call('POST', `/api/admin/venues/${venue.id}/seat-plans?lang=he`, doc);
  expect(he.body.message).toMatch(/^נמצאו בעיות במפת המושבים: 1\./);
  const notAPlan = await admin.call('POST', `/api/admin/venues/${venue.id}/seat-plans?lang=en`, { hello: 'world' });
  expect([notAPlan.status, notAPlan.body.error]).toEqual([422, 'SEAT_PLAN_INVALID']);
  // Where: the first thing a seat plan must have and this one lacks.
  expect(notAPlan.body.problems[0]).toEqual({
    path: '/',
    code: 'SCHEMA_MISSING_PROPERTY',
    message: 'missing required property "formatVersion"',
  });
  expect(await tables()).toEqual(before);
});

test('a bad plan uploaded with Accept-Language: he is answered in Hebrew, every problem at its JSON path', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const doc = theatre();
  doc.zones.push({ ...doc.zones[0] });
  doc.sections[1].groups[0].rows[0].seats[0].zone = 'NO-SUCH-ZONE';
  doc.sections[0].groups[0].rows[0].seats[0].xOffsetPercent = 99;
  const before = await tables();
  const body = JSON.stringify(doc);
  const reply = await fetch(`${t.url}/api/admin/venues/${venue.id}/seat-plans`, {
    method: 'POST',
    headers: {
      uuid: admin.visitorId,
      cookie: admin.sessionCookie,
      'content-type': 'application/json',
      'accept-language': 'he-IL,he;q=0.9,en;q=0.5',
    },
    body,
  });
  const he = (await reply.json()) as { error: string; message: string; problems: any[] };
  expect([reply.status, he.error]).toEqual([422, 'SEAT_PLAN_INVALID']);
  const zone = doc.zones[0].code;
  const right = `/sections/0/groups/0/rows/0/seats/0/widthPercent`;
  expect(he.problems.map((p) => [p.code, p.path])).toEqual([
    ['DUPLICATE_ZONE_CODE', `/zones/${doc.zones.length - 1}/code`],
    ['SEAT_PAST_RIGHT_EDGE', right],
    ['UNKNOWN_ZONE', '/sections/1/groups/0/rows/0/seats/0/zone'],
  ]);
  expect(he.problems[0].message).toBe(`קוד אזור המחיר "${zone}" מופיע יותר מפעם אחת`);
  expect(he.problems[2].message).toBe('אזור מחיר לא מוכר "NO-SUCH-ZONE"');
  expect(he.problems[1].message).toMatch(/^המושב חורג מהקצה הימני של מלבן האזור \(xOffsetPercent 99 \+ widthPercent/);
  expect(he.message).toBe(
    `נמצאו בעיות במפת המושבים: 3. הראשונה: /zones/${doc.zones.length - 1}/code: ${he.problems[0].message}`,
  );
  // The same upload in Russian and Arabic: the same codes and paths, each sentence in its language.
  for (const [lang, word] of [
    ['ru', 'неизвестная ценовая зона'],
    ['ar', 'منطقة سعر غير معروفة'],
  ] as const) {
    const other = await admin.call('POST', `/api/admin/venues/${venue.id}/seat-plans?lang=${lang}`, doc);
    expect(other.body.problems.map((p: any) => p.path)).toEqual(he.problems.map((p) => p.path));
    expect(other.body.problems[2].message).toContain(word);
  }
  expect(await tables()).toEqual(before);
});

test('big plans: the stadium-sized arena file goes past the 256 kB limit as the upload type; 300,000 seats are refused', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue({ kind: 'arena' }))).body;
  const arena = readFileSync(path.join(GENERATED_DIR, 'arena.json'), 'utf8');
  expect(arena.length).toBeGreaterThan(256 * 1024);
  // As plain JSON the API's limit holds.
  const plain = await upload(admin, 'POST', `/api/admin/venues/${venue.id}/seat-plans`, arena, 'application/json');
  expect(plain.status).toBe(413);
  const big = await upload(admin, 'POST', `/api/admin/venues/${venue.id}/seat-plans`, arena);
  expect(big.status).toBe(201);
  expect(big.body.seatCount).toBe(seatsIn(JSON.parse(arena)));
  // Where a big save's time went, for the browser's network panel and the save bench: parse, validate, write.
  expect(big.serverTiming).toMatch(/^parse;dur=\d+\.\d, validate;dur=\d+\.\d, write;dur=\d+\.\d$/);
  const again = await upload(admin, 'PUT', `/api/admin/seat-plans/${big.body.id}?revision=1`, arena);
  expect(again.status).toBe(200);
  expect(again.serverTiming).toMatch(/^parse;dur=\d+\.\d, validate;dur=\d+\.\d, write;dur=\d+\.\d$/);

  const before = await tables();
  const huge = theatre();
  huge.sections[0].groups[0].rows = [{ name: '1', seats: Array.from({ length: 300_000 }, () => ({})) }];
  const refused = await upload(admin, 'POST', `/api/admin/venues/${venue.id}/seat-plans?lang=en`, JSON.stringify(huge));
  expect([refused.status, refused.body.error]).toEqual([413, 'SEAT_PLAN_TOO_LARGE']);
  expect(refused.body.message).toMatch(/at most 120000 seats; this one has 3\d{5}\./);
  // The upload type is read only on the upload routes.
  const elsewhere = await upload(admin, 'POST', `/api/admin/venues`, JSON.stringify(newVenue()));
  expect([elsewhere.status, elsewhere.body.error]).toEqual([415, 'UPLOAD_TYPE_NOT_ALLOWED']);
  const broken = await upload(admin, 'POST', `/api/admin/venues/${venue.id}/seat-plans`, '{"sections": [');
  expect(broken.status).toBe(400);
  // Without a staff session the big body is not read at all.
  const anonymous = await upload(new StaffBrowser(t.url), 'POST', `/api/admin/venues/${venue.id}/seat-plans`, arena);
  expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
  expect(await tables()).toEqual(before);
});

test('a big plan sent gzip-compressed is inflated and saved; what inflates past the limit, another encoding or broken gzip is refused', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue({ kind: 'arena' }))).body;
  const arena = readFileSync(path.join(GENERATED_DIR, 'arena.json'), 'utf8');
  const packed = gzipSync(arena);
  expect(packed.length).toBeLessThan(arena.length / 4);
  const url = `/api/admin/venues/${venue.id}/seat-plans?lang=en`;
  const saved = await upload(admin, 'POST', url, packed, undefined, 'gzip');
  expect(saved.status).toBe(201);
  expect(saved.body.seatCount).toBe(seatsIn(JSON.parse(arena)));
  expect(saved.serverTiming).toMatch(
    /^inflate;dur=\d+\.\d, parse;dur=\d+\.\d, validate;dur=\d+\.\d, write;dur=\d+\.\d$/,
  );
  const again = await upload(
    admin,
    'PUT',
    `/api/admin/seat-plans/${saved.body.id}?revision=1`,
    packed,
    undefined,
    'gzip',
  );
  expect(again.status).toBe(200);

  const before = await tables();
  // 17 MB of spaces inside a valid document: a few kB on the wire, past the 16 MB limit once inflated.
  const bomb = gzipSync(`${' '.repeat(17 * 1024 * 1024)}${arena}`);
  expect(bomb.length).toBeLessThan(16 * 1024 * 1024);
  const tooBig = await upload(admin, 'POST', url, bomb, undefined, 'gzip');
  expect([tooBig.status, tooBig.body.error]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  // The seat cap holds for a compressed plan as for a plain one.
  const huge = theatre();
  huge.sections[0].groups[0].rows = [{ name: '1', seats: Array.from({ length: 300_000 }, () => ({})) }];
  const hugePacked = await upload(admin, 'POST', url, gzipSync(JSON.stringify(huge)), undefined, 'gzip');
  expect([hugePacked.status, hugePacked.body.error]).toEqual([413, 'SEAT_PLAN_TOO_LARGE']);
  const brotli = await upload(admin, 'POST', url, packed, undefined, 'br');
  expect([brotli.status, brotli.body.error]).toEqual([415, 'UPLOAD_ENCODING_NOT_ALLOWED']);
  expect(brotli.body.message).toBe('A seat plan is sent as it is or compressed with gzip only.');
  const broken = await upload(admin, 'POST', url, packed.subarray(0, 1000), undefined, 'gzip');
  expect([broken.status, broken.body.error]).toEqual([400, 'INVALID_BODY']);
  // Without a staff session nothing is inflated.
  const anonymous = await upload(new StaffBrowser(t.url), 'POST', url, bomb, undefined, 'gzip');
  expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
  expect(await tables()).toEqual(before);
});

test('a traced floor plan is kept with the draft: PNG, JPEG or WebP of at most 3 MB; a 20 MB image and a script are refused', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const withImage = (bytes: Buffer, type = 'image/png') => {
    const doc = theatre();
    doc.decor = {
      background: {
        src: `data:${type};base64,${bytes.toString('base64')}`,
        opacity: 0.5,
        scale: 2,
        offset: { x: 0, y: 0 },
      },
    };
    return JSON.stringify(doc);
  };
  const ok = await upload(admin, 'POST', `/api/admin/venues/${venue.id}/seat-plans`, withImage(png));
  expect(ok.status).toBe(201);
  const stored = await admin.call('GET', `/api/admin/seat-plans/${ok.body.id}/document`);
  expect(stored.body.decor.background.src).toBe(`data:image/png;base64,${png.toString('base64')}`);

  const before = await tables();
  // 20 MB of image: past the upload's 16 MB before anything is parsed.
  const huge = await upload(
    admin,
    'POST',
    `/api/admin/venues/${venue.id}/seat-plans?lang=en`,
    withImage(Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024)])),
  );
  expect(huge.status).toBe(413);
  // 4 MB: read, and refused at its place with the size and the limit.
  const big = await upload(
    admin,
    'POST',
    `/api/admin/venues/${venue.id}/seat-plans?lang=en`,
    withImage(Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024)])),
  );
  expect([big.status, big.body.error]).toEqual([422, 'SEAT_PLAN_INVALID']);
  expect(big.body.problems).toEqual([
    {
      path: '/decor/background/src',
      code: 'BACKGROUND_TOO_LARGE',
      message: 'background image is 4.0 MB; at most 3.0 MB',
    },
  ]);
  // A script that calls itself a PNG.
  const script = await upload(
    admin,
    'POST',
    `/api/admin/venues/${venue.id}/seat-plans?lang=en`,
    withImage(Buffer.from('<script>alert(1)</script>')),
  );
  expect(script.body.problems).toEqual([
    { path: '/decor/background/src', code: 'BACKGROUND_BYTES', message: 'background image bytes are not image/png' },
  ]);
  expect(await tables()).toEqual(before);
});

test('a venue edit names its revision: a stale one is a 409 with the current venue; another business’s venue is refused', async () => {
  const venue = (await admin.call<AdminVenue>('POST', '/api/admin/venues', newVenue())).body;
  const edit = (revision: number) => ({
    revision,
    name: { he: 'אולם חדש', en: 'New Hall', ru: '', ar: '' },
    address: 'Rothschild 1',
    kind: 'hall',
  });
  const changed = await admin.call<AdminVenue>('PUT', `/api/admin/venues/${venue.id}`, edit(1));
  expect(changed.body).toMatchObject({ revision: 2, name: { en: 'New Hall', ru: '' }, address: 'Rothschild 1' });
  const stale = await admin.call('PUT', `/api/admin/venues/${venue.id}`, edit(1));
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', 2]);

  // A venue of business 2, seen by staff of business 1 only.
  await sql.query(
    `WITH s AS (SELECT id FROM staff_user WHERE username = 'admin')
     DELETE FROM staff_business WHERE staff_user_id = (SELECT id FROM s) AND business_id = 2`,
  );
  try {
    const [{ id: other }] = (
      await sql.query(
        `SELECT v.id FROM venue v JOIN location l ON l.id = v.location_id WHERE l.business_id = 2 LIMIT 1`,
      )
    ).rows;
    const scoped = await signedIn(t.url, sql, 'admin');
    const listed = (await scoped.call<{ venues: AdminVenue[] }>('GET', '/api/admin/venues')).body.venues;
    expect(listed.every((v) => v.businessId === 1)).toBe(true);
    expect((await scoped.call('GET', `/api/admin/venues/${other}`)).body.error).toBe('STAFF_BUSINESS_SCOPE');
    expect((await scoped.call('POST', `/api/admin/venues/${other}/seat-plans`, theatre())).body.error).toBe(
      'STAFF_BUSINESS_SCOPE',
    );
  } finally {
    await sql.query(
      `INSERT INTO staff_business (staff_user_id, business_id) SELECT id, 2 FROM staff_user WHERE username = 'admin'`,
    );
  }
});
