import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { fromColumnarSeatplan, type AdminSeatPlanSummary, type AdminVenue, type ApiSeatplan } from '@hotline/shared';
import { apiDecorOf, type VenueDocument } from '@hotline/seatmaps';
import type { TestApp } from '../support/test-env';
import { StaffBrowser } from '../backoffice/support/staff-kit';
import { useCatalogueApp } from './support/catalogue-app';

/**
 * A seat plan's decor reaches buyers: the shapes and texts the designer saved are written with the plan version and
 * come back in the storefront's plan (nested and columnar, both cached), the floor-plan image never does.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;

const THEATRE = path.join(__dirname, '../../../seatmaps/venues/theatre.json');
const theatre = (): VenueDocument => JSON.parse(readFileSync(THEATRE, 'utf8'));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const BACKGROUND = {
  src: `data:image/png;base64,${PNG.toString('base64')}`,
  opacity: 0.5,
  scale: 2,
  offset: { x: 0, y: 0 },
};
const PILLAR = {
  kind: 'ellipse' as const,
  points: [
    [100, 1900],
    [160, 1960],
  ] as [number, number][],
  rotate: 0,
  fill: '#9CA3AF',
  stroke: null,
  label: null,
};

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
});

async function newVenue(): Promise<AdminVenue> {
  return (
    await admin.call<AdminVenue>('POST', '/api/admin/venues', {
      businessId: 1,
      code: `decor-${Math.random().toString(36).slice(2, 8)}`,
      name: { he: 'אולם הקישוט', en: 'Decor Hall', ru: 'Зал', ar: 'القاعة' },
      address: '',
      kind: 'hall',
    })
  ).body;
}

async function storefrontPlan(venueId: number, seatplanId: number): Promise<{ nested: string; columnar: string }> {
  const visitor = new StaffBrowser(t.url);
  const url = `/api/seats/seatplan?venueId=${venueId}&seatplanId=${seatplanId}`;
  const get = async (u: string) => {
    const r = await fetch(`${t.url}${u}`, { headers: { uuid: visitor.visitorId } });
    expect(r.status).toBe(200);
    return r.text();
  };
  return { nested: await get(url), columnar: await get(`${url}&format=columnar`) };
}

test('a published plan with decor comes back from the storefront route with it, without the floor plan', async () => {
  const venue = await newVenue();
  const doc = theatre();
  doc.decor = { ...doc.decor, background: BACKGROUND };
  const draft = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, doc);
  expect(draft.status).toBe(201);
  const published = await admin.call<{ id: number }>('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, {
    revision: 1,
  });
  expect(published.status).toBe(200);

  const expected = apiDecorOf(theatre().decor);
  expect(expected!.texts.length).toBe(2);
  expect(expected!.shapes.length).toBe(1);
  // Twice: the second answer comes from the plan cache.
  for (let i = 0; i < 2; i++) {
    const { nested, columnar } = await storefrontPlan(venue.id, published.body.id);
    const plan = JSON.parse(nested).seatplan as ApiSeatplan;
    expect(plan.Decor).toEqual(expected);
    expect(fromColumnarSeatplan(JSON.parse(columnar).seatplan).Decor).toEqual(expected);
    // The existing fields are unchanged: the stage still comes as before.
    expect(plan.Stage).toMatchObject({ label: 'במה', labelEn: 'Stage', labelRu: 'Сцена', labelAr: 'المسرح' });
    for (const body of [nested, columnar]) {
      expect(body).not.toContain('data:image');
      expect(body).not.toContain('background');
    }
  }
});

test('a draft saved by the designer with new decor carries it once published; a plan without decor has none', async () => {
  const venue = await newVenue();
  const bare = theatre();
  delete bare.decor;
  const draft = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, bare);
  expect(draft.status).toBe(201);
  const { rows } = await sql.query('SELECT decor FROM seatplan WHERE id = $1', [draft.body.id]);
  expect(rows[0].decor).toBeNull();

  const drawn = theatre();
  drawn.decor = { shapes: [PILLAR], background: BACKGROUND };
  const saved = await admin.call('PUT', `/api/admin/seat-plans/${draft.body.id}?revision=1`, drawn);
  expect(saved.status).toBe(200);
  const published = await admin.call<{ id: number }>('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, {
    revision: 2,
  });
  expect(published.status).toBe(200);
  const plan = JSON.parse((await storefrontPlan(venue.id, published.body.id)).nested).seatplan as ApiSeatplan;
  expect(plan.Decor).toEqual({ shapes: [PILLAR], texts: [] });

  // A plan without decor answers null, not an empty drawing.
  const other = await newVenue();
  const plain = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${other.id}/seat-plans`, bare);
  const plainPublished = await admin.call<{ id: number }>('POST', `/api/admin/seat-plans/${plain.body.id}/publish`, {
    revision: 1,
  });
  const none = JSON.parse((await storefrontPlan(other.id, plainPublished.body.id)).nested).seatplan as ApiSeatplan;
  expect(none.Decor).toBeNull();
});
