import { isValidIsraeliMobile } from '../customers/israeli-mobile';
import { normaliseMobile } from '../customers/normalise-mobile';

export type WalkInIssue = 'customerName' | 'mobileNumber';

export type WalkInCustomer =
  | { ok: true; customer: { firstName: string; lastName: string; mobileNumber: string } }
  | { ok: false; issues: WalkInIssue[] };

/**
 * The buyer of a box-office sale (memberships-backoffice-spec.md, producer variant of POST /payment/commit: the
 * cart carries mobileNumber and customerName). A walk-in customer gives a name and a mobile number for the SMS
 * tickets, nothing more: the name's first word is the first name, the rest the last name (one word: no last
 * name), so the order reads like any storefront order in the back office. The mobile is normalised
 * ('+972 50-123-4567' -> '0501234567') and must be an Israeli mobile, since the tickets go there.
 */
export function walkInCustomer(customerName: unknown, mobileNumber: unknown): WalkInCustomer {
  const issues: WalkInIssue[] = [];
  const name = typeof customerName === 'string' ? customerName.replace(/\s+/g, ' ').trim() : '';
  if (name.length < 2 || name.length > 100) issues.push('customerName');
  const mobile = typeof mobileNumber === 'string' ? normaliseMobile(mobileNumber) : '';
  if (!isValidIsraeliMobile(mobile)) issues.push('mobileNumber');
  if (issues.length) return { ok: false, issues };
  const [firstName, ...rest] = name.split(' ');
  return { ok: true, customer: { firstName: firstName!, lastName: rest.join(' '), mobileNumber: mobile } };
}
