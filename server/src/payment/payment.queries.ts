import { z } from 'zod';
import { cartSchema } from '../cart';
import { idString } from '../common/ids';

export const commitBody = z.object({
  cart: cartSchema,
  miniSiteUrl: z.string().max(200).nullable().optional(),
  recaptchaToken: z.string().min(1).max(20_000),
});
export type CommitBody = z.infer<typeof commitBody>;

export const voucherQuery = z.object({
  reference: z.string().trim().min(1, 'is required').max(64),
  recaptchaToken: z.string().min(1).max(20_000),
  lang: z.string().optional(),
});

/** The spec's locale path segment; an unknown one is ignored (Hebrew), as everywhere else. */
export const formParams = z.object({ locale: z.string().max(10) });

const shekelText = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in shekels with at most 2 decimals')
  .transform((s) => Math.round(Number(s) * 100));

export const formQuery = z.object({
  recaptchaToken: z.string().min(1).max(20_000),
  total: shekelText.optional(),
  ssn: z
    .string()
    .regex(/^\d{0,9}$/, 'must be digits only')
    .optional(),
  locationId: idString.optional(),
  authProfileId: idString.optional(),
  businessId: idString.optional(),
  lang: z.string().optional(),
});

export const sandboxTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a payment form') });

/** The SANDBOX card page's form post: text fields only; their rules (Luhn, expiry…) are the page's own checks. */
const formField = z.string().max(100).optional();
export const sandboxFormBody = z.object({
  cardNumber: formField,
  expiry: formField,
  cvv: formField,
  holderId: formField,
  instalments: formField,
});
