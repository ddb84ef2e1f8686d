import { registerErrors } from '../common/app-error';

/**
 * Gift-voucher refusals that are not the customer area's (those live in
 * customers/customers.errors.ts: SYSTEM_VOUCHER_NOT_FOUND, _NOT_ACTIVE,
 * _ALREADY_FOR_REPLACEMENT, _PARTIAL_REDEMPTION_NOT_ALLOWED,
 * VOUCHER_CANCELLATION_NOT_ALLOWED) nor the booking flow's (VOUCHER_NOT_FOUND,
 * VOUCHER_NO_BALANCE, VOUCHER_EXPIRED, CART_KINDS_MIXED).
 */
export const GiftErrors = registerErrors({
  SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET: {
    status: 409,
    message: {
      he: 'שובר זה אינו נמכר או ניתן למימוש בסניף זה.',
      en: 'This voucher is not sold or accepted at this venue.',
      ru: 'Этот ваучер не продаётся и не принимается на этой площадке.',
      ar: 'هذه القسيمة لا تُباع ولا تُقبل في هذا المكان.',
    },
  },
  NO_VOUCHERS_FOR_SALE: {
    status: 404,
    message: {
      he: 'אין שוברים למכירה כרגע.',
      en: 'There are no vouchers for sale right now.',
      ru: 'Сейчас нет ваучеров в продаже.',
      ar: 'لا توجد قسائم للبيع حاليًا.',
    },
  },
});
