import { assertSafeInteger } from '../assert';
import { percentOf } from '../money/percent-of';

/**
 * The charge kept when tickets are cancelled (memberships-backoffice-spec.md
 * section 9: "fixed, per ticket, percent, or percent per ticket").
 *  - fixed: `value` agorot once per cancellation;
 *  - per_ticket: `value` agorot for every cancelled ticket;
 *  - percent: `value` percent of the cancelled total, rounded once;
 *  - percent_per_ticket: `value` percent of each ticket, each rounded (so the
 *    sum can differ by an agora from `percent`, as on the per-ticket receipts).
 * Never more than what is being cancelled: the customer is never asked to pay to cancel.
 */
export type CancellationChargeType = 'none' | 'fixed' | 'per_ticket' | 'percent' | 'percent_per_ticket';

export interface CancellationCharge {
  type: CancellationChargeType;
  /** agorot for fixed/per_ticket; a percentage (10 = 10%) for the percent kinds. */
  value: number;
}

export function cancellationCharge(charge: CancellationCharge, ticketAmountsAgorot: readonly number[]): number {
  for (const a of ticketAmountsAgorot) assertSafeInteger(a, 'ticket amount');
  if (!(charge.value >= 0) || !Number.isFinite(charge.value)) throw new RangeError('charge value must be >= 0');
  const total = ticketAmountsAgorot.reduce((s, a) => s + a, 0);
  if (ticketAmountsAgorot.length === 0) return 0;
  let raw: number;
  switch (charge.type) {
    case 'none':
      raw = 0;
      break;
    case 'fixed':
      raw = Math.round(charge.value);
      break;
    case 'per_ticket':
      raw = Math.round(charge.value) * ticketAmountsAgorot.length;
      break;
    case 'percent':
      raw = percentOf(total, charge.value);
      break;
    case 'percent_per_ticket':
      raw = ticketAmountsAgorot.reduce((s, a) => s + percentOf(a, charge.value), 0);
      break;
    default:
      throw new RangeError(`unknown cancellation charge type ${String((charge as CancellationCharge).type)}`);
  }
  return Math.min(raw, total);
}
