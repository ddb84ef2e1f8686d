import type { Client } from 'pg';
import { DEFAULT_HOLD_POLICY, type AdminPresentation, type ApiPresentation } from '@hotline/shared';
import { HoldClock } from '../../src/holds/hold-clock';
import { HoldPlacementService } from '../../src/holds/hold-placement.service';
import { ManualClock } from '../support/manual-clock';
import type { TestApp } from '../support/test-env';
import { StaffBrowser } from '../backoffice/support/staff-kit';
import { publishedDates, useCatalogueApp } from './support/catalogue-app';
import { loadShow, plainSeats } from '../booking/support/booking-kit';
import { MEMBER, NOT_A_MEMBER, placeHold, shopper } from '../holds/support/hold-kit';

/**
 * A date's hold policy from the back office: a date that takes no holds refuses a member's hold in the member's
 * language with nothing written (a control run without the policy's check holds the same cart), a date's release
 * deadline and a hold's longest life set its release instant, and from the deadline on a hold is too late. The app
 * runs on a clock the test holds still; the hold clock's offset moves time for the deadline. Who may hold (members,
 * any signed-in customer, only the box office) is each date's: a non-member holds a date for customers and a member
 * is refused a date for the box office (control: the old rule, members on every date, refuses the one and holds the
 * other). The storefront's date carries its policy, and hold mode's deadline is the date's.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let dates: AdminPresentation[];
const clock = new ManualClock(Date.now());
const url = (p: AdminPresentation) => `/api/admin/presentations/${p.id}/hold-policy`;
const holdRows = async (presentationId: number) =>
  (
    await sql.query(
      `SELECT count(*)::int AS n FROM hold_order h JOIN reservation_ticket rt ON rt.reservation_id = h.reservation_id
        WHERE rt.presentation_id = $1`,
      [presentationId],
    )
  ).rows[0].n as number;

const app = useCatalogueApp({
  env: {
    HOLD_RELEASE_INTERVAL_MS: '0',
    CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
    CUSTOMER_OTP_SENDS_PER_IP_HOUR: '1000',
  },
  clock,
});
beforeAll(async () => {
  ({ t, sql, admin } = app);
  ({ dates } = await publishedDates(admin, {
    code: 'holds',
    stage: { he: 'במת ההמתנה', en: 'Hold Stage' },
    event: { he: 'ההמתנה', en: 'The Hold' },
    today: new Date(clock.ms),
    daysAhead: 60,
    count: 4,
  }));
});
afterEach(() => t.app.get(HoldClock).setOffset(0));

test('every date starts with the policy every date had: allowed, released 30 minutes before, no longest life', () => {
  for (const d of dates) expect(d.holdPolicy).toEqual(DEFAULT_HOLD_POLICY);
});

test('bad policies and a stale revision are refused with the field named; nothing changes', async () => {
  const d = dates[0]!;
  const cases = [
    { releaseMinutesBeforeStart: -1, maxHoldMinutes: null, field: 'releaseMinutesBeforeStart' },
    { releaseMinutesBeforeStart: 20_161, maxHoldMinutes: null, field: 'releaseMinutesBeforeStart' },
    { releaseMinutesBeforeStart: 30, maxHoldMinutes: 5, field: 'maxHoldMinutes' },
    { releaseMinutesBeforeStart: 1.5, maxHoldMinutes: null, field: 'releaseMinutesBeforeStart' },
    { releaseMinutesBeforeStart: 30, maxHoldMinutes: null, holders: 'staff', field: 'holders' },
  ];
  for (const { field, ...policy } of cases) {
    const r = await admin.call('PUT', url(d), { revision: d.revision, allowed: true, ...policy });
    expect([r.status, r.body.error]).toEqual([400, 'INVALID_BODY']);
    expect(JSON.stringify(r.body)).toContain(field);
  }
  const stale = await admin.call('PUT', url(d), { ...DEFAULT_HOLD_POLICY, revision: d.revision - 1, allowed: false });
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', d.revision]);
  const [row] = (
    await sql.query(
      'SELECT revision, holds_allowed, hold_holders, hold_release_minutes FROM presentation WHERE id = $1',
      [d.id],
    )
  ).rows;
  expect(row).toEqual({ revision: d.revision, holds_allowed: true, hold_holders: 'members', hold_release_minutes: 30 });
});

test('a date that takes no holds refuses a hold in the member language, nothing held; without the check it would be held', async () => {
  const d = dates[0]!;
  const saved = await admin.call<AdminPresentation>('PUT', url(d), {
    ...DEFAULT_HOLD_POLICY,
    revision: d.revision,
    allowed: false,
  });
  expect([saved.status, saved.body.holdPolicy.allowed, saved.body.revision]).toEqual([200, false, d.revision + 1]);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-hold-policy' AND subject = $1`, [
      `presentation:${d.id}`,
    ])
  ).rows;
  expect(audit.detail).toEqual({ before: DEFAULT_HOLD_POLICY, after: { ...DEFAULT_HOLD_POLICY, allowed: false } });

  const show = await loadShow(t.url, d.id);
  const seats = plainSeats(show);
  const member = await shopper(t.url, sql, MEMBER);
  const refused = await placeHold(member, show, seats.slice(0, 2));
  expect([refused.status, refused.body.error, refused.body.message]).toEqual([
    409,
    'HOLD_NOT_ALLOWED',
    'למועד זה אין הזמנות בהמתנה. אפשר להזמין רגיל ולשלם עכשיו.',
  ]);
  expect(await holdRows(d.id)).toBe(0);

  // Control: the same cart with the date's policy read as the default (the check taken out) is held.
  const placement = t.app.get(HoldPlacementService);
  const admit = placement.admit.bind(placement);
  placement.admit = async (...args) => {
    const terms = await admit(...args);
    return {
      ...terms,
      accept: (q) => terms.accept({ ...q, dates: q.dates.map((x) => ({ ...x, policy: DEFAULT_HOLD_POLICY })) }),
    };
  };
  try {
    const control = await shopper(t.url, sql, MEMBER);
    const held = await placeHold(control, show, seats.slice(2, 4));
    expect([held.status, held.body.isHold]).toEqual([201, true]);
    expect(await holdRows(d.id)).toBe(2);
  } finally {
    placement.admit = admit;
  }
});

test("a date's release deadline and a hold's longest life set when it is released; from the deadline on it is too late", async () => {
  const d = dates[1]!;
  const policy = { allowed: true, releaseMinutesBeforeStart: 2 * 24 * 60, maxHoldMinutes: 60 };
  const saved = await admin.call<AdminPresentation>('PUT', url(d), { revision: d.revision, ...policy });
  // Who may hold left out: as it was (members).
  expect([saved.status, saved.body.holdPolicy]).toEqual([200, { ...policy, holders: 'members' }]);

  const show = await loadShow(t.url, d.id);
  const seats = plainSeats(show);
  const first = await placeHold(await shopper(t.url, sql, MEMBER), show, seats.slice(0, 1));
  expect(first.status).toBe(201);
  // Placed at the test's still clock: released an hour later, long before two days before the start.
  expect(first.body.holdDeadline).toBe(new Date(clock.ms + 60 * 60_000).toISOString());

  // Half an hour before the two-day deadline: held until that deadline (sooner than an hour).
  const deadline = new Date(saved.body.startsAt).getTime() - 2 * 24 * 60 * 60_000;
  t.app.get(HoldClock).setOffset(deadline - 30 * 60_000 - clock.ms);
  const second = await placeHold(await shopper(t.url, sql, MEMBER), show, seats.slice(1, 2));
  expect([second.status, second.body.holdDeadline]).toEqual([201, new Date(deadline).toISOString()]);

  // At the deadline: too late, nothing held.
  t.app.get(HoldClock).setOffset(deadline - clock.ms);
  const member = await shopper(t.url, sql, MEMBER);
  const late = await placeHold(member, show, seats.slice(2, 3));
  expect([late.status, late.body.error]).toEqual([409, 'HOLD_TOO_LATE']);
  expect(await holdRows(d.id)).toBe(2);
});

test("the storefront's date carries its hold policy, and hold mode's deadline is the date's (120 minutes before)", async () => {
  const d = dates[2]!;
  const policy = { allowed: true, holders: 'customers', releaseMinutesBeforeStart: 120, maxHoldMinutes: null };
  const saved = await admin.call<AdminPresentation>('PUT', url(d), { revision: d.revision, ...policy });
  expect([saved.status, saved.body.holdPolicy]).toEqual([200, policy]);
  dates[2] = saved.body;

  type One = { presentation: ApiPresentation };
  const one = (await fetch(`${t.url}/api/presentations/${d.id}`).then((r) => r.json())) as One;
  expect(one.presentation.holdPolicy).toEqual(policy);
  const held = (await fetch(`${t.url}/api/presentations/${d.id}?isHold=1`).then((r) => r.json())) as One;
  const deadline = new Date(new Date(saved.body.startsAt).getTime() - 120 * 60_000).toISOString();
  expect([held.presentation.holdDeadline, held.presentation.isHoldAvailable]).toEqual([deadline, true]);
  const list = (await fetch(`${t.url}/api/presentations?featureIds=${saved.body.featureId}&isHold=1`).then((r) =>
    r.json(),
  )) as { presentations: ApiPresentation[] };
  expect(list.presentations.find((p) => p.id === d.id)?.holdDeadline).toBe(deadline);
});

test("who may hold is the date's: a non-member holds a date for customers, a member is refused a date for the box office; the old rule (members everywhere) would refuse the one and hold the other", async () => {
  const forCustomers = dates[2]!;
  const d = dates[3]!;
  const saved = await admin.call<AdminPresentation>('PUT', url(d), {
    ...DEFAULT_HOLD_POLICY,
    revision: d.revision,
    holders: 'box-office',
  });
  expect([saved.status, saved.body.holdPolicy.holders]).toEqual([200, 'box-office']);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-hold-policy' AND subject = $1`, [
      `presentation:${d.id}`,
    ])
  ).rows;
  expect(audit.detail).toEqual({
    before: DEFAULT_HOLD_POLICY,
    after: { ...DEFAULT_HOLD_POLICY, holders: 'box-office' },
  });

  const customersShow = await loadShow(t.url, forCustomers.id);
  const boxOfficeShow = await loadShow(t.url, d.id);
  const customersSeats = plainSeats(customersShow);
  const boxOfficeSeats = plainSeats(boxOfficeShow);

  const nonMember = await placeHold(await shopper(t.url, sql, NOT_A_MEMBER), customersShow, customersSeats.slice(0, 1));
  expect([nonMember.status, nonMember.body.isHold]).toEqual([201, true]);
  expect(nonMember.body.holdDeadline).toBe(
    new Date(new Date(forCustomers.startsAt).getTime() - 120 * 60_000).toISOString(),
  );

  const member = await placeHold(await shopper(t.url, sql, MEMBER), boxOfficeShow, boxOfficeSeats.slice(0, 1));
  expect([member.status, member.body.error, member.body.message]).toEqual([
    409,
    'HOLD_NOT_ALLOWED',
    'למועד זה אין הזמנות בהמתנה. אפשר להזמין רגיל ולשלם עכשיו.',
  ]);
  const stranger = await placeHold(await shopper(t.url, sql, NOT_A_MEMBER), boxOfficeShow, boxOfficeSeats.slice(1, 2));
  expect([stranger.status, stranger.body.error]).toEqual([409, 'HOLD_NOT_ALLOWED']);
  // A date for members still asks for the membership (the default rule, unchanged).
  const membersShow = await loadShow(t.url, dates[1]!.id);
  const notMember = await placeHold(
    await shopper(t.url, sql, NOT_A_MEMBER),
    membersShow,
    plainSeats(membersShow).slice(10, 11),
  );
  expect([notMember.status, notMember.body.error]).toEqual([403, 'HOLD_MEMBERSHIP_REQUIRED']);
  expect([await holdRows(forCustomers.id), await holdRows(d.id)]).toEqual([1, 0]);

  // Control: the old rule in place (every date for members, whatever it says) refuses the non-member and holds
  // the member on the box office's date: the assertions above would fail.
  const placement = t.app.get(HoldPlacementService);
  const admit = placement.admit.bind(placement);
  placement.admit = async (...args) => {
    const terms = await admit(...args);
    return {
      ...terms,
      accept: (q) =>
        terms.accept({ ...q, dates: q.dates.map((x) => ({ ...x, policy: { ...x.policy, holders: 'members' } })) }),
    };
  };
  try {
    const refused = await placeHold(await shopper(t.url, sql, NOT_A_MEMBER), customersShow, customersSeats.slice(1, 2));
    expect([refused.status, refused.body.error]).toEqual([403, 'HOLD_MEMBERSHIP_REQUIRED']);
    const held = await placeHold(await shopper(t.url, sql, MEMBER), boxOfficeShow, boxOfficeSeats.slice(2, 3));
    expect([held.status, held.body.isHold]).toEqual([201, true]);
    expect([await holdRows(forCustomers.id), await holdRows(d.id)]).toEqual([1, 1]);
  } finally {
    placement.admit = admit;
  }
});

test('a cancelled date refuses a hold policy', async () => {
  const d = (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${dates[0]!.id}`)).body;
  const cancelled = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${d.id}/cancel`, {
    revision: d.revision,
    reason: '',
  });
  expect(cancelled.status).toBe(202);
  const refused = await admin.call('PUT', url(d), { ...DEFAULT_HOLD_POLICY, revision: cancelled.body.revision });
  expect([refused.status, refused.body.error]).toEqual([409, 'PRESENTATION_CANCELLED']);
});
