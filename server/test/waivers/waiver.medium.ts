import { Client } from 'pg';
import { deflateSync, crc32 } from 'node:zlib';
import type { CartWaiver } from '@hotline/shared';
import { LOCALES } from '../../src/common/locale';
import { WaiverErrors } from '../../src/waivers/waivers.errors';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  lockAll,
  loadShow,
  newVisitor,
  plainSeats,
  TEST_CARDS,
  type ShowInfo,
} from '../booking/support/booking-kit';
import { startTestApp, type TestApp } from '../support/test-env';

/** A real PNG (a drawn line on white), as a signature pad would post it. */
function signaturePng(width = 60, height = 20): string {
  const raw = Buffer.alloc((width * 4 + 1) * height, 255);
  for (let x = 5; x < width - 5; x++) {
    const y = 10;
    raw.fill(0, y * (width * 4 + 1) + 1 + x * 4, y * (width * 4 + 1) + 1 + x * 4 + 3);
  }
  for (let y = 0; y < height; y++) raw[y * (width * 4 + 1)] = 0;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Waivers: an event that needs one refuses the commit without it, with a
 * bad signature, the wrong number of participants, unaccepted terms, or a participant
 * whose age does not fit the ticket; a good one is stored with the reservation
 * (participants, signature image, time, address) and shown on the e-ticket.
 */
describe('waivers', () => {
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ReturnType<typeof plainSeats>;
  let presentationId: number;

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_POLL_MS: '0' });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    presentationId = (await sql.query('SELECT presentation_id AS id FROM presentation_waiver LIMIT 1')).rows[0].id;
    show = await loadShow(t.url, presentationId);
    free = plainSeats(show);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const tickets = () => {
    const group = show.groupOfZone.get(free[0]!.TicketGroupId)!;
    return {
      adult: group.tickets.find((x) => x.nameEn.startsWith('Adult'))!,
      child: group.tickets.find((x) => x.nameEn.startsWith('Child'))!,
    };
  };
  const adultAndChild = async () => {
    const b = await buyer(t.url);
    const seats = free.splice(0, 2);
    await lockAll(t.url, b, show, seats);
    const { adult, child } = tickets();
    const lines = [cartSeat(show, seats[0]!, adult), cartSeat(show, seats[1]!, child)];
    return { b, lines };
  };
  const waiver = (over: Partial<CartWaiver> = {}): CartWaiver => ({
    presentationId,
    participants: [
      { name: 'Dana Cohen', dateOfBirth: '1985-04-02' },
      { name: 'Yoav Cohen', dateOfBirth: '2016-09-15' },
    ],
    signature: signaturePng(),
    acceptedTerms: true,
    ...over,
  });

  test("GET /presentations/:id/waiver: the terms and the tickets' age bands; null for an event without one", async () => {
    const r = await call(t.url, 'GET', `/api/presentations/${presentationId}/waiver`, newVisitor());
    expect(r.status).toBe(200);
    expect(r.body.waiver).toMatchObject({ presentationId, termsEn: expect.stringContaining('standing zone') });
    expect(r.body.waiver.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.body.waiver.tickets).toEqual(
      expect.arrayContaining([
        { id: tickets().adult.id, minAge: 13, maxAge: null },
        { id: tickets().child.id, minAge: 6, maxAge: 12 },
      ]),
    );
    expect((await call(t.url, 'GET', '/api/presentations/1/waiver', newVisitor())).body).toEqual({ waiver: null });
  });

  test('refused before any charge: no waiver (4 languages), no signature, wrong participants, terms, ages', async () => {
    const { b, lines } = await adultAndChild();
    const payments = Number((await sql.query('SELECT count(*) FROM payment')).rows[0].count);
    for (const lang of LOCALES) {
      const r = await commit(t.url, b, cartOf(lines), `?lang=${lang}`);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        error: 'WAIVER_REQUIRED',
        message: WaiverErrors.WAIVER_REQUIRED.message[lang],
        requestId: expect.any(String),
      });
    }
    const refusal = async (w: CartWaiver) => (await commit(t.url, b, cartOf(lines, { waivers: [w] }))).body;
    expect((await refusal(waiver({ signature: 'data:image/png;base64,AAAA' }))).error).toBe('WAIVER_INVALID');
    expect((await refusal(waiver({ acceptedTerms: false }))).error).toBe('WAIVER_INVALID');
    expect((await refusal(waiver({ participants: [waiver().participants[0]!] }))).message).toContain(
      '2 participants are needed',
    );
    // The child on the adult ticket and the adult on the child ticket: "the ticket must fit the participant's age".
    const swapped = await refusal(waiver({ participants: [...waiver().participants].reverse() }));
    expect(swapped.error).toBe('WAIVER_AGE_MISMATCH');
    expect(swapped.message).toMatch(
      /^Yoav Cohen will be \d+ on the day of the event, and the ticket chosen is not for that age\.|^ביום האירוע/,
    );
    const tooYoung = await refusal(
      waiver({ participants: [waiver().participants[0]!, { name: 'Baby Cohen', dateOfBirth: '2024-01-01' }] }),
    );
    expect(tooYoung.error).toBe('WAIVER_AGE_MISMATCH');
    const badDate = await refusal(
      waiver({ participants: [waiver().participants[0]!, { name: 'Yoav Cohen', dateOfBirth: '2016-02-30' }] }),
    );
    expect(badDate.error).toBe('WAIVER_BIRTH_DATE_INVALID');
    // A waiver for an event that needs none.
    expect((await refusal(waiver({ presentationId: 1 }))).error).toBe('WAIVER_INVALID');
    expect(Number((await sql.query('SELECT count(*) FROM payment')).rows[0].count)).toBe(payments);
    expect(Number((await sql.query('SELECT count(*) FROM reservation_waiver')).rows[0].count)).toBe(0);
  });

  test('a signed waiver is kept with the reservation (names, signature image, time, address) and shown on the e-ticket', async () => {
    const { b, lines } = await adultAndChild();
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const w = waiver();
    const r = await commit(t.url, b, cartOf(lines, { waivers: [w], paymentIdentifier }));
    expect(r.status).toBe(201);
    const [row] = (
      await sql.query(
        `SELECT w.participants, w.signature_png, w.ip, w.signed_at, w.terms FROM reservation_waiver w
           JOIN reservation r ON r.id = w.reservation_id WHERE r.identifier = $1`,
        [r.body.reservationIdentifier],
      )
    ).rows;
    expect(row.participants).toEqual(w.participants);
    expect(`data:image/png;base64,${row.signature_png.toString('base64')}`).toBe(w.signature);
    expect(row.ip).toBe('127.0.0.1');
    expect(row.terms).toContain('במה');
    const doc = (await call(t.url, 'GET', `/api/edocument/${r.body.documentKey}?lang=en`, newVisitor())).body;
    expect(doc.reservation.waivers).toEqual([
      {
        presentationId,
        participants: w.participants,
        signedAt: expect.any(String),
        ip: '127.0.0.1',
        signatureUrl: expect.stringMatching(/\/signature\.png$/),
      },
    ]);
    const image = await fetch(`${t.url}${doc.reservation.waivers[0].signatureUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(w.signature.split(',')[1]);
    // Another e-ticket's key does not open it.
    const other = await fetch(
      `${t.url}${doc.reservation.waivers[0].signatureUrl.replace(r.body.documentKey, 'x'.repeat(43))}`,
    );
    expect(other.status).toBe(404);
  });
});
