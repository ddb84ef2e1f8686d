import {
  fromColumnarSeatplan,
  isColumnarSeatplan,
  type ApiPresentation,
  type ApiSeatplan,
  type ColumnarSeatplan,
} from '@hotline/shared';
import { at } from './support/at';
import { startTestApp, type TestApp } from './support/test-env';

/**
 * GET /api/seats/seatplan?format=columnar against the real seeded venues: the
 * same plan as the nested answer, seat for seat, in a fraction of the bytes;
 * cached, gzip and ETag like the nested one, with its own ETag.
 */
let t: TestApp;
const visitor = '3d9b5e1c-8f4a-4b7e-9c2d-6a1f0e7b8c9d';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function plans(): Promise<{ venueId: number; seatplanId: number; name: string }[]> {
  const { presentations } = (await (
    await fetch(`${t.url}/api/presentations/`, { headers: { uuid: visitor } })
  ).json()) as { presentations: ApiPresentation[] };
  const seen = new Map<string, { venueId: number; seatplanId: number; name: string }>();
  for (const p of presentations)
    seen.set(`${p.venueId}:${p.seatplanId}`, { venueId: p.venueId, seatplanId: p.seatplanId, name: p.venueNameEn });
  return [...seen.values()];
}

async function fetchPlan(venueId: number, seatplanId: number, format?: string) {
  const url = `${t.url}/api/seats/seatplan?venueId=${venueId}&seatplanId=${seatplanId}${format ? `&format=${format}` : ''}`;
  const response = await fetch(url, { headers: { uuid: visitor, 'accept-encoding': 'gzip' } });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: JSON.parse(text),
    etag: response.headers.get('etag'),
    encoding: response.headers.get('content-encoding'),
  };
}

const seatsOf = (p: ApiSeatplan) => p.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));

describe('GET /api/seats/seatplan?format=columnar', () => {
  test('every seeded venue: the columnar plan carries exactly the nested plan', async () => {
    const list = await plans();
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const { venueId, seatplanId, name } of list) {
      const nested = await fetchPlan(venueId, seatplanId);
      const columnar = await fetchPlan(venueId, seatplanId, 'columnar');
      expect(columnar.status).toBe(200);
      const c: ColumnarSeatplan = columnar.body.seatplan;
      expect(isColumnarSeatplan(c)).toBe(true);
      const n: ApiSeatplan = nested.body.seatplan;
      const back = fromColumnarSeatplan(c);
      const a = seatsOf(n);
      const b = seatsOf(back);
      expect({ name, count: c.seats.count }).toEqual({ name, count: a.length });
      expect(b).toHaveLength(a.length);
      for (let k = 0; k < a.length; k++) {
        const { SeatplanX: ax, SeatplanY: ay, ...ar } = a[k]!;
        const { SeatplanX: bx, SeatplanY: by, ...br } = b[k]!;
        expect(br).toEqual(ar);
        // The server stores SeatplanX/Y rounded; the client recomputes them from the same geometry.
        expect(Math.abs(bx - ax)).toBeLessThan(0.01);
        expect(Math.abs(by - ay)).toBeLessThan(0.01);
      }
      const { sections: ns, ...nestedRest } = n;
      const { sections: bs, ...backRest } = back;
      expect(backRest).toEqual(nestedRest);
      expect(bs.map(({ groups: _g, ...meta }) => meta)).toEqual(ns.map(({ groups: _g, ...meta }) => meta));
      if (a.length > 1000) expect(columnar.text.length * 4).toBeLessThan(nested.text.length);
    }
  });

  test('is cached with its own ETag, gzip and 304', async () => {
    const { venueId, seatplanId } = at(await plans(), 0, 'seeded plan');
    const nested = await fetchPlan(venueId, seatplanId);
    const columnar = await fetchPlan(venueId, seatplanId, 'columnar');
    expect(columnar.etag).toBeTruthy();
    expect(columnar.etag).not.toBe(nested.etag);
    const again = await fetch(
      `${t.url}/api/seats/seatplan?venueId=${venueId}&seatplanId=${seatplanId}&format=columnar`,
      {
        headers: { uuid: visitor, 'if-none-match': columnar.etag! },
      },
    );
    expect(again.status).toBe(304);
    const raw = await fetch(`${t.url}/api/seats/seatplan?venueId=${venueId}&seatplanId=${seatplanId}&format=columnar`, {
      headers: { uuid: visitor, 'accept-encoding': 'gzip' },
    });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
  });

  test('format=nested is the default shape; an unknown format is a 400', async () => {
    const { venueId, seatplanId } = at(await plans(), 0, 'seeded plan');
    const explicit = await fetchPlan(venueId, seatplanId, 'nested');
    expect(isColumnarSeatplan(explicit.body.seatplan)).toBe(false);
    expect(explicit.body.seatplan.sections[0].groups).toBeDefined();
    const bad = await fetchPlan(venueId, seatplanId, 'binary');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('INVALID_QUERY');
  });
});
