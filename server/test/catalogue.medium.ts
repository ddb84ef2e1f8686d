import type { ApiPresentation, ApiSeatplan } from '@hotline/shared';
import { at } from './support/at';
import { startTestApp, type TestApp } from './support/test-env';

let t: TestApp;
const visitor = '0f8fad5b-d9cb-469f-a165-70867728950e';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(path: string, headers: Record<string, string> = { uuid: visitor }) {
  const response = await fetch(`${t.url}${path}`, { headers });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers };
}

describe('catalogue API against real PostgreSQL', () => {
  test('GET /api/health reports both services up', async () => {
    const r = await get('/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', postgres: { ok: true }, redis: { ok: true } });
    // No versions of anything: they only help an attacker pick an exploit.
    expect(Object.keys(r.body).sort()).toEqual(['postgres', 'redis', 'status']);
    expect(JSON.stringify(r.body)).not.toMatch(/v\d+\.\d+|version/i);
  });

  test('GET /api/features/ lists the seeded features with Hebrew and English names', async () => {
    const r = await get('/api/features/');
    expect(r.status).toBe(200);
    const names = r.body.features.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['אור במדבר', 'הדיבוק', 'הופעת הקיץ']));
    const desert = r.body.features.find((f: { nameEn: string }) => f.nameEn === 'Desert Light');
    expect(desert.image).toBe(`/api/features/${desert.id}/placeholderImage`);
  });

  test('GET /api/features/?featureIds filters', async () => {
    const all = (await get('/api/features/')).body.features;
    const r = await get(`/api/features/?featureIds=${all[0].id}`);
    expect(r.body.features).toHaveLength(1);
  });

  test('placeholder image and product image are SVG', async () => {
    const feature = (await get('/api/features/')).body.features[0];
    const img = await get(`/api/features/${feature.id}/placeholderImage`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    expect(img.body).toContain('<svg');
  });

  test('the demo catalogue serves Russian and Arabic names beside the Hebrew and English ones', async () => {
    const ru = /[а-яё]/i;
    const ar = /[\u0600-\u06ff]/;
    for (const f of (await get('/api/features/')).body.features) {
      for (const [r, a] of [
        [f.nameRu, f.nameAr],
        [f.featureCategoryNameRu, f.featureCategoryNameAr],
        [f.descriptionRu, f.descriptionAr],
      ]) {
        expect(r).toMatch(ru);
        expect(a).toMatch(ar);
      }
    }
    const list: ApiPresentation[] = (await get('/api/presentations/')).body.presentations;
    for (const p of list) {
      for (const text of [p.featureNameRu, p.venueNameRu, p.locationNameRu]) expect(text).toMatch(ru);
      for (const text of [p.featureNameAr, p.venueNameAr, p.locationNameAr]) expect(text).toMatch(ar);
    }
    const groups = (await get(`/api/presentations/${list[0]!.id}/ticketGroups`)).body.ticketGroups;
    for (const g of groups) {
      expect(g.nameRu).toMatch(ru);
      expect(g.nameAr).toMatch(ar);
      for (const t of g.tickets) {
        expect(t.nameRu).toMatch(ru);
        expect(t.nameAr).toMatch(ar);
      }
    }
    const { presentation } = (await get(`/api/presentations/${list[0]!.id}`)).body;
    for (const product of presentation.products) {
      expect(product.nameRu).toMatch(ru);
      expect(product.nameAr).toMatch(ar);
    }
  });

  test('every demo seat plan serves Russian and Arabic section names and stage labels (the map draws them)', async () => {
    const ru = /[а-яё]/i;
    const ar = /[\u0600-\u06ff]/;
    const list: ApiPresentation[] = (await get('/api/presentations/')).body.presentations;
    const plans = new Map(list.map((p) => [`${p.venueId}/${p.seatplanId}`, p]));
    expect(plans.size).toBeGreaterThanOrEqual(3);
    const stages: string[] = [];
    for (const p of plans.values()) {
      const r = await get(`/api/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}&format=columnar`);
      expect(r.status).toBe(200);
      const plan: ApiSeatplan = r.body.seatplan;
      for (const section of plan.sections) {
        expect(section.SectionNameRu).toMatch(ru);
        expect(section.SectionNameAr).toMatch(ar);
      }
      if (plan.Stage) {
        expect(plan.Stage.labelRu).toMatch(ru);
        expect(plan.Stage.labelAr).toMatch(ar);
        stages.push(`${plan.Stage.labelEn}=${plan.Stage.labelRu}/${plan.Stage.labelAr}`);
      }
    }
    expect(stages).toContain('Screen=Экран/الشاشة');
  });

  test('product images are drawn shapes, never emoji text (no emoji font needed)', async () => {
    const list = (await get('/api/presentations/')).body.presentations;
    const { presentation } = (await get(`/api/presentations/${list[0].id}`)).body;
    expect(presentation.products.length).toBeGreaterThan(0);
    for (const product of presentation.products as { image: string }[]) {
      const img = await get(product.image);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toContain('image/svg+xml');
      expect(img.body).toContain('<path');
      expect(img.body).not.toContain('<text');
      expect(img.body).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  test('presentations of a feature carry the derived seating fields', async () => {
    const features = (await get('/api/features/')).body.features;
    const concert = features.find((f: { nameEn: string }) => f.nameEn === 'The Summer Concert');
    const r = await get(`/api/presentations/?featureIds=${concert.id}`);
    expect(r.status).toBe(200);
    expect(r.body.presentations.length).toBeGreaterThan(0);
    const p: ApiPresentation = r.body.presentations[0];
    // The arena has general-admission floor sections and reserved stands.
    expect(p.seatingMode).toBe('mixed');
    expect(p.hasGASection).toBe(true);
    expect(p.hasReservedSection).toBe(true);
    expect(p.isGA).toBeGreaterThanOrEqual(1);
    expect(r.body.hasGA).toBe(true);
    expect(r.body.hasReserved).toBe(true);
    expect(Date.parse(p.dateTime)).not.toBeNaN();
    expect(p.dateTime.endsWith('Z')).toBe(true);
    expect(p.priceFrom).toBeGreaterThan(0);
  });

  test('GET /api/presentations/:id answers { presentation } with products', async () => {
    const list = (await get('/api/presentations/')).body.presentations;
    const r = await get(`/api/presentations/${list[0].id}`);
    expect(r.status).toBe(200);
    expect(r.body.presentation.id).toBe(list[0].id);
    expect(r.body.presentation.products.length).toBeGreaterThan(0);
  });

  test('ticket groups hide coded tickets and include the couple ticket in the cinema', async () => {
    const list: ApiPresentation[] = (await get('/api/presentations/')).body.presentations;
    const cinema = list.find((p) => p.featureNameEn === 'Desert Light')!;
    const r = await get(`/api/presentations/${cinema.id}/ticketGroups`);
    expect(r.status).toBe(200);
    const tickets = r.body.ticketGroups.flatMap((g: { tickets: unknown[] }) => g.tickets);
    expect(tickets.some((tk: { multiplyFactor: number }) => tk.multiplyFactor === 2)).toBe(true);
    expect(tickets.every((tk: { code: string | null }) => tk.code === null)).toBe(true);
    expect(r.body.serviceCharge.name).toBe('דמי טיפול');
    const en = await get(`/api/presentations/${cinema.id}/ticketGroups?lang=en`);
    expect(en.body.serviceCharge.name).toBe('handling fee');
  });

  test('GET /api/seats/seatplan returns sections -> groups -> rows -> seats with every spec field', async () => {
    const list: ApiPresentation[] = (await get('/api/presentations/')).body.presentations;
    const cinema = list.find((p) => p.featureNameEn === 'Desert Light')!;
    const r = await get(`/api/seats/seatplan?venueId=${cinema.venueId}&seatplanId=${cinema.seatplanId}`);
    expect(r.status).toBe(200);
    const plan: ApiSeatplan = r.body.seatplan;
    const seats = plan.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((row) => row.seats)));
    expect(seats.length).toBeGreaterThan(100);
    for (const field of [
      'XCoordinate',
      'YCoordinate',
      'XOffsetPercent',
      'YOffsetPercent',
      'WidthPercent',
      'HeightPercent',
      'RotateAngle',
      'RowName',
      'SeatName',
      'SeatplanX',
      'SeatplanY',
      'VenueSectionId',
      'VenueSectionSeatGroupId',
      'TicketGroupId',
    ]) {
      expect(seats[0]).toHaveProperty(field);
    }
    expect(seats.some((s) => s.features.includes(1) && s.togetherId !== null)).toBe(true); // couches
    expect(seats.some((s) => s.features.includes(10))).toBe(true); // wheelchair
    const etag = r.headers.get('etag')!;
    const again = await fetch(`${t.url}/api/seats/seatplan?venueId=${cinema.venueId}&seatplanId=${cinema.seatplanId}`, {
      headers: { 'if-none-match': etag, uuid: visitor },
    });
    expect(again.status).toBe(304);
  });

  test('GET /api/seats/presentations?date= returns that Jerusalem day only', async () => {
    const list: ApiPresentation[] = (await get('/api/presentations/')).body.presentations;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date(at(list, 0).dateTime));
    const r = await get(`/api/seats/presentations?date=${day}`);
    expect(r.status).toBe(200);
    expect(r.body.presentations.length).toBeGreaterThan(0);
    for (const p of r.body.presentations) {
      expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date(p.dateTime))).toBe(day);
    }
  });

  test('a visitor without a uuid is issued one in a header and a cookie', async () => {
    const r = await get('/api/features/', {});
    expect(r.status).toBe(200);
    expect(r.headers.get('uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('set-cookie')).toContain('uuid=');
  });

  test('the OpenAPI document is served', async () => {
    const r = await get('/api/docs/json');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/api/features', '/api/seats/seatplan']));
  });
});

describe('bad input is a clear 4xx, never a 500', () => {
  test.each([
    ['/api/presentations/abc', 400, 'INVALID_QUERY'],
    ['/api/presentations/-1', 400, 'INVALID_QUERY'],
    ['/api/presentations/1.5', 400, 'INVALID_QUERY'],
    ['/api/presentations/99999999', 404, 'PRESENTATION_NOT_FOUND'],
    ['/api/presentations/99999999/ticketGroups', 404, 'PRESENTATION_NOT_FOUND'],
    ['/api/presentations/?featureIds=1,x', 400, 'INVALID_QUERY'],
    ['/api/presentations/?isHold=maybe', 400, 'INVALID_QUERY'],
    ['/api/features/?featureIds=;drop', 400, 'INVALID_QUERY'],
    ['/api/features/0/placeholderImage', 400, 'INVALID_QUERY'],
    ['/api/features/99999999/placeholderImage', 404, 'FEATURE_NOT_FOUND'],
    ['/api/products/99999999/image', 404, 'PRODUCT_NOT_FOUND'],
    ['/api/seats/seatplan', 400, 'INVALID_QUERY'],
    ['/api/seats/seatplan?venueId=1&seatplanId=abc', 400, 'INVALID_QUERY'],
    ['/api/seats/seatplan?venueId=99999&seatplanId=99999', 404, 'SEATPLAN_NOT_FOUND'],
    ['/api/seats/presentations', 400, 'INVALID_QUERY'],
    ['/api/seats/presentations?date=2026-02-30', 400, 'INVALID_QUERY'],
    ['/api/seats/presentations?date=tomorrow', 400, 'INVALID_QUERY'],
    ['/api/no-such-endpoint', 404, 'NOT_FOUND'],
  ])('GET %s -> %i %s', async (path, status, code) => {
    const r = await get(path);
    expect(r.status).toBe(status);
    expect(r.body).toEqual({ error: code, message: expect.any(String), requestId: expect.any(String) });
    expect(r.body.message).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  test('messages follow the user language', async () => {
    const he = await get('/api/presentations/99999999');
    const en = await get('/api/presentations/99999999?lang=en');
    const ru = await get('/api/presentations/99999999', { uuid: visitor, 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(he.body.message).toBe('ההצגה המבוקשת לא נמצאה.');
    expect(en.body.message).toBe('The requested presentation was not found.');
    expect(ru.body.message).toBe('Сеанс не найден.');
  });

  test('a malformed uuid header is refused', async () => {
    const r = await get('/api/features/', { uuid: 'not-a-uuid' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('INVALID_UUID');
  });

  test('malformed JSON bodies get the error shape', async () => {
    const response = await fetch(`${t.url}/api/features/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', uuid: visitor },
      body: '{"oops":',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await response.json();
    expect(body).toEqual({ error: expect.any(String), message: expect.any(String), requestId: expect.any(String) });
  });
});
