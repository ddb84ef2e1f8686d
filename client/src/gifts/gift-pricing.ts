import {
  agorotToShekels,
  priceCart,
  shekelsToAgorot,
  type Cart,
  type CartPricing,
  type SupportedLocale,
} from '@hotline/shared';
import type { CartVoucher } from '../booking/cart-logic';
import type { GiftOrderState } from './gift-order-store';

/**
 * The gift order priced by THE pricing pipeline (shared priceCart), exactly as the
 * server will price it: voucher or donation lines, no handling fee on these kinds,
 * the paying vouchers in the order they were added. The storefront only shows it.
 */
export function priceGiftOrder(state: GiftOrderState, locale: SupportedLocale): CartPricing<unknown, CartVoucher> {
  return priceCart<unknown, CartVoucher>({
    lines: [
      ...state.vouchers.map((v) => ({
        kind: 'voucher' as const,
        ref: v,
        unitPriceAgorot: shekelsToAgorot(v.price),
        quantity: v.quantity,
      })),
      ...state.donations.map((d) => ({
        kind: 'donation' as const,
        ref: d,
        unitPriceAgorot: shekelsToAgorot(d.amount),
        quantity: d.quantity,
      })),
    ],
    // handlingFeeApplies('vouchers' | 'donations') is false: no handling fee on these kinds.
    globalServiceCharge: {},
    vouchers: state.payWith.map((v) => ({ id: v.id, ref: v, balanceAgorot: shekelsToAgorot(v.balance) })),
    locale,
  });
}

/** The cart the commit gets: one kind only, with what the visitor was shown (checked by the server, never trusted). */
export function giftWireCart(
  state: GiftOrderState,
  pricing: CartPricing<unknown, CartVoucher>,
  paymentIdentifier: string | null,
): Cart {
  return {
    seats: [],
    vouchers: state.vouchers.map((v) => ({
      SystemVoucherId: v.classId,
      SystemVoucherPriceId: v.priceId,
      Quantity: v.quantity,
      Price: v.price,
    })),
    donations: state.donations.map((d) => ({
      donationId: d.donationId,
      donationDetailId: d.detailId,
      quantity: d.quantity,
      customAmount: d.custom ? d.amount : null,
      amount: d.amount,
    })),
    voucherPayments: pricing.vouchers
      .filter((v) => v.amountAgorot > 0)
      .map((v) => ({ id: v.ref.id, code: v.ref.code, amount: agorotToShekels(v.amountAgorot) })),
    customerInfo: state.customerInfo,
    total: agorotToShekels(pricing.totals.totalAgorot),
    cartIdentifier: state.cartIdentifier,
    paymentIdentifier,
    numberOfPayments: 1,
  };
}
