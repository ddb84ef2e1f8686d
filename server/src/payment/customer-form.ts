import { z } from 'zod';
import { CUSTOMER_FIELDS, resolveCustomerFormConfig, type CustomerFormConfig } from '@hotline/shared';

const flags = z.object({ isRequired: z.boolean().optional(), isIncluded: z.boolean().optional() }).strict();
const overridesSchema = z
  .object({
    fields: z.partialRecord(z.enum(CUSTOMER_FIELDS), flags).optional(),
    termsRequired: z.boolean().optional(),
    mailingConsentDefault: z.boolean().optional(),
  })
  .strict();

/**
 * This deployment's customer form (CUSTOMER_FORM, JSON), on top of the spec's
 * defaults. A malformed value stops the boot: silently falling back to the
 * defaults would collect, or fail to collect, data the deployment decided on.
 */
export function customerFormFromConfig(json: string | undefined): CustomerFormConfig {
  if (!json) return resolveCustomerFormConfig();
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('CUSTOMER_FORM is not valid JSON');
  }
  const result = overridesSchema.safeParse(parsed);
  if (!result.success)
    throw new Error(`CUSTOMER_FORM: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return resolveCustomerFormConfig(result.data);
}

export const CUSTOMER_FORM = Symbol('CUSTOMER_FORM');
