import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdminSeatPlanSummary, AdminVenue, AdminZone } from '@hotline/shared';
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
