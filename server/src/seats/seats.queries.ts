import { z } from 'zod';
import { flag, idString, isoDate, MAX_DB_ID } from '../common/ids';

/** Zod schemas for every input of the seat engine (REST and socket). Unknown query names are ignored. */

const intLike = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be a whole number')
    .transform(Number),
]);
const positiveId = intLike.refine((n) => n > 0 && n <= MAX_DB_ID, `must be a whole number from 1 to ${MAX_DB_ID}`);
const coordinate = intLike.refine((n) => n >= -100_000 && n <= 100_000, 'is out of range').nullable();

export const seatsStatusQuery = z.object({
  presentationId: idString,
  venueTypeId: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .optional(),
  isReserved: flag.optional(),
  recaptchaToken: z.string().max(20_000).optional(),
  sectionId: idString.optional(),
  domain: z.string().max(200).optional(),
  miniSiteUrl: z.string().max(200).optional(),
  modifySeats: flag.optional(),
  isHold: flag.optional(),
  lang: z.string().optional(),
  /** binary: the same answer in shared/src/seats/seat-status-binary.ts's form (the seat map's first frame). */
  format: z.enum(['json', 'binary']).optional(),
});
export type SeatsStatusQuery = z.infer<typeof seatsStatusQuery>;

export const lockSeatBody = z.object({
  recaptchaToken: z.string().min(1).max(20_000),
  seat: z.object({
    PresentationId: positiveId,
    VenueId: positiveId,
    VenueSeatplanId: positiveId,
    VenueSectionId: positiveId,
    /** The seat's ticket group, or the plan's zone id (the seat plan calls its zone TicketGroupId). */
    TicketGroupId: intLike
      .refine((n) => n >= 0 && n <= MAX_DB_ID, `must be a whole number from 0 to ${MAX_DB_ID}`)
      .nullable()
      .optional(),
    XCoordinate: coordinate.optional(),
    YCoordinate: coordinate.optional(),
  }),
});
export type LockSeatBody = z.infer<typeof lockSeatBody>;

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;

export const bestAvailableQuery = z
  .object({
    recaptchaToken: z.string().min(1).max(20_000),
    maxMatches: z.coerce.number().int().min(1).max(5).default(5),
    featureId: idString.optional(),
    presentationId: idString.optional(),
    ticketGroupId: idString.optional(),
    /** Zone preference: only this section (a section of the presentation's plan; 404 SECTION_NOT_FOUND otherwise). */
    sectionId: idString.optional(),
    quantity: z.coerce.number().int().min(1).max(100),
    resultsPerMatch: z.coerce.number().int().min(1).max(1).default(1),
    isBestPerPresentation: flag.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    locationId: idString.optional(),
    partOfDay: z.enum(PARTS_OF_DAY).optional(),
    isLock: flag.optional(),
    miniSiteUrl: z.string().max(200).optional(),
    lang: z.string().optional(),
  })
  .refine((q) => q.presentationId !== undefined || q.featureId !== undefined, {
    message: 'presentationId or featureId is required',
    path: ['presentationId'],
  });
export type BestAvailableQuery = z.infer<typeof bestAvailableQuery>;

export const timerParams = z.object({ id: idString });
export const timerQuery = z.object({ lang: z.enum(['he', 'en', 'ru', 'ar']).optional() });

/** Socket: SeatEvents.Subscribe / Resync / Unsubscribe payloads. */
export const subscribeMessage = z.object({
  presentationId: positiveId,
  version: z.number().int().min(0).optional(),
});
export const presentationMessage = z.object({ presentationId: positiveId });
