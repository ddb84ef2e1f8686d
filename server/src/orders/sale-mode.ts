import type { HoldTerms } from '../holds';
import type { ProducerSale } from './producer-sale';

/**
 * Which of the three sales one commit is. The same commit serves all three, and the mode decides who the buyer is,
 * how the cart is quoted and whether money moves (docs/booking-flow.md):
 * - `online`: the storefront's paid order, the buyer from the customer form, paid by card (or nothing due);
 * - `box-office`: a staff member's sale that ProducerSaleAuthority accepted (a walk-in buyer, cash or the card page);
 * - `hold`: an unpaid hold order (cart.isHold), admitted by the holds context after the bot check: no charge, no
 *   confirmation message, paid later at the box office.
 */
export type SaleMode =
  | { kind: 'online' }
  | { kind: 'box-office'; producer: ProducerSale }
  | { kind: 'hold'; admit: (kind: string) => Promise<HoldTerms> };

export const ONLINE_SALE: SaleMode = { kind: 'online' };
