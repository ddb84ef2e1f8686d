import { z } from 'zod';

export const areaLoginBody = z.object({
  mobileNumber: z.string().max(30),
  /** This deployment's login identifier: the Israeli ID. */
  ssn: z.string().max(12).optional(),
  customerEmail: z.string().max(254).optional().nullable(),
  recaptchaToken: z.unknown(),
});

export const codeBody = z.object({ smsCode: z.string().max(12) });

export const checkoutLoginBody = z.object({
  mobileNumber: z.string().max(30),
  ssn: z.string().max(12).optional(),
  recaptchaToken: z.unknown(),
  sendSmsRegardlessOfCustomerExistence: z.boolean().optional().default(false),
});

export const checkoutCodeBody = z.object({ smsCode: z.string().max(12), mobileNumber: z.string().max(30) });

export const areaDataQuery = z.object({ jwtToken: z.string().max(200).optional() });

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const passwordLoginBody = z.object({
  email: z.string().trim().email().max(254),
  password: z.string().min(1).max(200),
  recaptchaToken: z.unknown(),
  includeMemberships: z.boolean().optional(),
});
