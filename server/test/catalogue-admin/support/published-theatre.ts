import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdminFeature, AdminSeatPlanSummary, AdminVenue, AdminZone } from '@hotline/shared';
import type { StaffBrowser } from '../../backoffice/support/staff-kit';

const THEATRE = path.join(__dirname, '../../../../seatmaps/venues/theatre.json');

/** A new venue of business 1 with the theatre fixture uploaded and published: the stage most catalogue tests sell on. */
export async function publishedTheatre(
  admin: StaffBrowser,
  codePrefix: string,
  name: { he: string; en: string; ru: string; ar: string },
): Promise<{ venue: AdminVenue; plan: { id: number }; zones: AdminZone[] }> {
  const venue = (
    await admin.call<AdminVenue>('POST', '/api/admin/venues', {
      businessId: 1,
      code: `${codePrefix}-${Math.random().toString(36).slice(2, 8)}`,
      name,
      address: '',
      kind: 'hall',
    })
  ).body;
  const draft = await admin.call<AdminSeatPlanSummary>(
    'POST',
    `/api/admin/venues/${venue.id}/seat-plans`,
    JSON.parse(readFileSync(THEATRE, 'utf8')),
  );
  const plan = (await admin.call('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, { revision: 1 })).body as {
    id: number;
  };
  const zones: AdminZone[] = (await admin.call('GET', `/api/admin/seat-plans/${plan.id}/zones`)).body.zones;
  return { venue, plan, zones };
}

/** A new event (feature) of business 1 named in Hebrew and English: 90 minutes, category 2, no age limit. */
export async function newFeature(admin: StaffBrowser, name: { he: string; en: string }): Promise<AdminFeature> {
  return (
    await admin.call<AdminFeature>('POST', '/api/admin/features', {
      businessId: 1,
      name: { ...name, ru: '', ar: '' },
      description: { he: '', en: '', ru: '', ar: '' },
      categoryId: 2,
      durationMinutes: 90,
      ageLimit: null,
    })
  ).body;
}

/** Every zone priced with one ticket, "Regular", at 100 ILS and no service charge. */
export function regularPrices(zones: AdminZone[]) {
  return zones.map((z) => ({
    zoneId: z.id,
    tickets: [{ name: { he: 'רגיל', en: 'Regular', ru: '', ar: '' }, priceAgorot: 10000, serviceChargeAgorot: 0 }],
  }));
}
