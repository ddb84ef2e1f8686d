import { z } from 'zod';
import { idList, pathText } from '../common/ids';

/** The channel a seat lock names, as query parameters beside the spec's body (docs/storefront-modes.md). */
export const channelQuery = z.object({
  miniSiteUrl: z.string().max(200).optional(),
  domain: z.string().max(200).optional(),
  lang: z.string().optional(),
});

export type ChannelQuery = z.infer<typeof channelQuery>;

export const miniSiteParams = z.object({ url: pathText(100) });
export const miniSiteQuery = z.object({ lang: z.string().optional() });
export const miniSiteValidateQuery = z.object({
  ticketIds: idList,
  reference1: z.string().max(100).optional(),
  reference2: z.string().max(100).optional(),
  mode: z.enum(['tickets', 'seats']).optional(),
  lang: z.string().optional(),
});
/** All three optional here: their absence is answered INTEGRATION_PARAMS_MISSING (the spec's rule), not a shape error. */
export const integrationQuery = z.object({
  TS: z
    .string()
    .regex(/^\d{1,13}$/, 'must be a Unix time')
    .optional(),
  ret: z.string().min(1).max(500).optional(),
  key: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
    .optional(),
  lang: z.string().optional(),
});
