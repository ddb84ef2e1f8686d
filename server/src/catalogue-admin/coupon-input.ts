import { z } from 'zod';
import { COUPON_CHANNELS } from '@hotline/shared';
import { revision } from '../common/ids';

/** An instant with its offset ("2027-03-01T00:00:00+02:00" or "…Z"), kept as given; the database stores the instant. */
export const instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

/**
 * A coupon's terms beside its cap (shared/src/rules/catalogue/coupon-terms.ts): on or off, from and until, the
 * channels it is for, seats per order. Each may be left out: on, always, everywhere, no per-order limit.
 */
export const couponTerms = z
  .object({
    active: z.boolean().default(true),
    validFrom: instant.nullable().default(null),
    validUntil: instant.nullable().default(null),
    channels: z
      .array(z.enum(COUPON_CHANNELS))
      .min(1)
      .max(COUPON_CHANNELS.length)
      .refine((list) => new Set(list).size === list.length, 'must not name a channel twice')
      .nullable()
      .default(null),
    perOrder: z.number().int().min(1).max(50).nullable().default(null),
  })
  .refine((t) => !t.validFrom || !t.validUntil || Date.parse(t.validUntil) > Date.parse(t.validFrom), {
    message: 'must end after it starts',
    path: ['validUntil'],
  });

/** A coupon's code, typed by buyers: capitals, digits and dashes. */
export const couponCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, 'must be 3 to 32 capital letters, digits or dashes');

export const couponCap = z.number().int().min(1).max(1_000_000);

/** PUT /api/admin/presentations/:id/coupons/:ticketId: the cap and the terms; the code and price stay. */
export const couponChangeBody = z.object({
  revision,
  cap: couponCap.nullable(),
  terms: couponTerms,
});
