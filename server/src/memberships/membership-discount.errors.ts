import { registerErrors } from '../common/app-error';

/** Refusals of a membership discount code (docs/memberships.md, "Discount code"). */
export const MembershipDiscountErrors = registerErrors({
  MEMBERSHIP_DISCOUNT_NOT_FOUND: {
    status: 404,
    message: {
      he: 'קוד ההנחה לא נמצא.',
      en: 'The discount code was not found.',
      ru: 'Код скидки не найден.',
      ar: 'لم يتم العثور على رمز الخصم.',
    },
  },
  MEMBERSHIP_DISCOUNT_EXPIRED: {
    status: 409,
    message: {
      he: 'תוקף קוד ההנחה פג.',
      en: 'The discount code has expired.',
      ru: 'Срок действия кода скидки истёк.',
      ar: 'انتهت صلاحية رمز الخصم.',
    },
  },
  MEMBERSHIP_DISCOUNT_NOT_STARTED: {
    status: 409,
    message: {
      he: 'קוד ההנחה עדיין אינו בתוקף.',
      en: 'The discount code is not valid yet.',
      ru: 'Код скидки ещё не действует.',
      ar: 'رمز الخصم غير صالح بعد.',
    },
  },
  MEMBERSHIP_DISCOUNT_NOT_FOR_MEMBERSHIP: {
    status: 409,
    message: {
      he: 'קוד ההנחה אינו תקף למנוי הזה.',
      en: 'The discount code is not valid for this membership.',
      ru: 'Код скидки не действует для этого абонемента.',
      ar: 'رمز الخصم غير صالح لهذا الاشتراك.',
    },
  },
  MEMBERSHIP_DISCOUNT_USED_UP: {
    status: 409,
    message: {
      he: 'קוד ההנחה כבר נוצל, אנא נסו קוד אחר.',
      en: 'The discount code has been used up. Please try another code.',
      ru: 'Код скидки уже использован. Попробуйте другой код.',
      ar: 'تم استنفاد رمز الخصم. يرجى تجربة رمز آخر.',
    },
  },
  MEMBERSHIP_DISCOUNT_ONE_ONLY: {
    status: 409,
    message: {
      he: 'ניתן להזין קוד הנחה אחד בלבד בהזמנת מנוי.',
      en: 'Only one discount code can be entered in a membership order.',
      ru: 'В заказе абонемента можно ввести только один код скидки.',
      ar: 'يمكن إدخال رمز خصم واحد فقط في طلب الاشتراك.',
    },
  },
});
