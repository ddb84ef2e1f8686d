import { registerErrors } from '../common/app-error';

/** A coupon's terms refused (shared/src/rules/catalogue/coupon-terms.ts), in the four languages. */
export const CouponTermsErrors = registerErrors({
  COUPON_INACTIVE: {
    status: 409,
    message: {
      he: 'הקופון אינו פעיל.',
      en: 'This coupon is not active.',
      ru: 'Этот купон не действует.',
      ar: 'هذه القسيمة غير فعّالة.',
    },
  },
  COUPON_NOT_YET_VALID: {
    status: 409,
    message: {
      he: 'הקופון עדיין אינו בתוקף.',
      en: 'This coupon is not valid yet.',
      ru: 'Этот купон ещё не действует.',
      ar: 'هذه القسيمة غير سارية بعد.',
    },
  },
  COUPON_EXPIRED: {
    status: 409,
    message: {
      he: 'תוקף הקופון פג.',
      en: 'This coupon has expired.',
      ru: 'Срок действия купона истёк.',
      ar: 'انتهت صلاحية هذه القسيمة.',
    },
  },
  COUPON_NOT_IN_CHANNEL: {
    status: 409,
    message: {
      he: 'לא ניתן לממש את הקופון הזה כאן.',
      en: 'This coupon cannot be used here.',
      ru: 'Этот купон нельзя использовать здесь.',
      ar: 'لا يمكن استخدام هذه القسيمة هنا.',
    },
  },
  COUPON_PER_ORDER_EXCEEDED: {
    status: 409,
    message: {
      he: 'מספר הכרטיסים בקופון הזה בהזמנה אחת: עד {perOrder}.',
      en: 'Tickets with this coupon in one order: at most {perOrder}.',
      ru: 'Билетов по этому купону в одном заказе: не больше {perOrder}.',
      ar: 'عدد التذاكر بهذه القسيمة في طلب واحد: {perOrder} على الأكثر.',
    },
  },
});
