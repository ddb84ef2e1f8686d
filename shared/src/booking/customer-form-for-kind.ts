import type { CartKind } from '../rules/orders/cart-kind';
import type { CustomerFormConfig } from './customer-schema';

/**
 * Customer-form defaults per kind of order (memberships-backoffice-spec.md
 * section 5): the ID number (SSN) is required for memberships, vouchers and
 * donations, not for ticket orders. The deployment's form is the base; this only
 * ever adds the SSN, never hides a field the deployment shows.
 */
export function customerFormForKind(config: CustomerFormConfig, kind: CartKind): CustomerFormConfig {
  if (kind === 'tickets') return config;
  return { ...config, fields: { ...config.fields, ssn: { isIncluded: true, isRequired: true } } };
}
