import type { CustomerDetails } from '@hotline/shared';
import type { SaleInput, SaleTicket } from '../reservations';
import type { DonationSale, PricedOrder, VoucherSale } from '../payment';
import type { SaleWaiver } from '../waivers';
import type { SaleChannel } from './channel-sale.participant';

/**
 * Everything the sale will write except the fresh identifiers and the card's
 * approval: priced by the quote, stored on the cart's pending charge before
 * the provider is called (money_attempt.sale_draft), so that whoever finishes the saga - the
 * request, or the recovery job after a crash - writes exactly the quoted sale.
 */
export interface SaleDraft {
  locale: string;
  customer: Record<string, unknown>;
  totalAgorot: number;
  chargedAgorot: number;
  tickets: Omit<SaleTicket, 'identifier'>[];
  vouchers: SaleInput['vouchers'];
  coupons: SaleInput['coupons'];
  messages: SaleInput['messages'];
  /** Gift vouchers to create, one entry each (absent on drafts stored before vouchers were sold). */
  voucherSales?: VoucherSale[];
  donations?: DonationSale[];
  /** Signed waivers with the address they were signed from. */
  waivers?: (SaleWaiver & { ip: string })[];
  /** Members' balances drawn, memberships sold, enrolments. */
  memberships?: SaleInput['memberships'];
  /** The mini-site / partner link the order is sold through (balances drawn down, channel recorded). */
  channel?: SaleChannel;
  /** Ticket references the sale draws on (absent on drafts stored before references). */
  references?: SaleInput['references'];
  /** Products bought with the tickets (absent on drafts stored before products were recorded). */
  products?: SaleInput['products'];
  /** Seats taken from channel quotas (absent on drafts stored before quotas, and when no quota applies). */
  quota?: SaleInput['quota'];
}

export function saleDraftOf(
  priced: PricedOrder,
  coupons: SaleInput['coupons'],
  customer: CustomerDetails,
  locale: string,
  signed: { waivers: SaleWaiver[]; ip: string } = { waivers: [], ip: '' },
): SaleDraft {
  return {
    locale,
    customer: customer as unknown as Record<string, unknown>,
    totalAgorot: priced.totals.total,
    chargedAgorot: priced.totals.balanceDue,
    tickets: priced.lines.map((l) => ({
      presentationId: l.seat.presentationId,
      sectionId: l.seat.sectionId,
      x: l.seat.x,
      y: l.seat.y,
      ticketId: l.ticket.id,
      amountAgorot: l.amount,
      serviceChargeAgorot: l.serviceCharge,
    })),
    vouchers: priced.voucherPayments.map((v) => ({ id: v.id, reference: v.reference, amountAgorot: v.amount })),
    coupons,
    voucherSales: priced.voucherSales,
    donations: priced.donations,
    waivers: signed.waivers.map((w) => ({ ...w, ip: signed.ip })),
    ...(priced.memberships ? { memberships: priced.memberships } : {}),
    messages: [
      ...(customer.email ? [{ channel: 'email' as const, recipient: customer.email }] : []),
      ...(customer.mobileNumber ? [{ channel: 'sms' as const, recipient: customer.mobileNumber }] : []),
    ],
  };
}
