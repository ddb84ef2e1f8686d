import { z } from 'zod';
import { idList, idString } from '../common/ids';

export const presentationParams = z.object({ id: idString });

export const ticketByCodeQuery = z.object({
  ticketCode: z.string().trim().min(1, 'is required').max(64),
  recaptchaToken: z.string().min(1).max(20_000),
  sectionId: idString.optional(),
  ticketGroupId: idString.optional(),
  /** The seat's current ticket; accepted for the spec's client, not needed to answer. */
  ticketId: idString.optional(),
  /** Coded tickets the visitor already applied: asking for one again is "code already entered". */
  ignoreTicketIds: idList.optional(),
  miniSiteUrl: z.string().max(200).optional(),
  lang: z.string().optional(),
});
export type TicketByCodeQuery = z.infer<typeof ticketByCodeQuery>;
