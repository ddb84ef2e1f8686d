import { z } from 'zod';
import { flag, idList, idString, isoDate } from '../common/ids';

/** Query parameters the storefront sends (storefront-spec.md section 7); unknown names are ignored. */
const common = {
  locationId: idString.optional(),
  miniSiteUrl: z.string().max(200).optional(),
  /** The live presentation mode's domain (docs/storefront-modes.md). */
  domain: z.string().max(200).optional(),
  ticketCodes: z.string().max(500).optional(),
  isHold: flag.optional(),
  modifyCart: flag.optional(),
  lang: z.string().optional(),
};

export const featuresQuery = z.object({ featureIds: idList.optional(), ...common });
export const presentationsQuery = z.object({ featureIds: idList.optional(), ...common });
export const presentationQuery = z.object(common);
export const idParam = z.object({ id: idString });
export const ticketGroupsQuery = z.object({
  ...common,
  /** A partner link's id (GET /api/integration); must be a live one (docs/storefront-modes.md). */
  integrationId: z.uuid('must be an integrationId').optional(),
  mode: z.string().max(50).optional(),
  isGA: flag.optional(),
  modifiedTickets: z.string().max(5000).optional(),
});
/** format=columnar: the same plan with seats as one array per field (shared ColumnarSeatplan), for big venues. */
export const seatplanQuery = z.object({
  venueId: idString,
  seatplanId: idString,
  format: z.enum(['nested', 'columnar']).optional(),
  lang: z.string().optional(),
});
/** The same plan by the presentation that uses it (no venue or plan id to learn first). */
export const presentationSeatplanQuery = seatplanQuery.pick({ format: true, lang: true });
export type SeatplanFormat = 'nested' | 'columnar';
export const dateQuery = z.object({ date: isoDate, lang: z.string().optional() });
