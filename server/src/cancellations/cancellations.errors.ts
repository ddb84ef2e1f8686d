import { registerErrors } from '../common/app-error';

/** Refusals of a customer cancellation (memberships-backoffice-spec.md section 8), he/en/ru/ar. */
export const CancellationErrors = registerErrors({
  RESERVATION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'ההזמנה לא נמצאה.',
      en: 'Reservation not found.',
      ru: 'Заказ не найден.',
      ar: 'لم يتم العثور على الحجز.',
    },
  },
  RESERVATION_NOT_ON_HOLD: {
    status: 409,
    message: {
      he: 'ההזמנה אינה הזמנה בהמתנה; רעננו את הרשימה ונסו שוב.',
      en: 'This reservation is not on hold; refresh the list and try again.',
      ru: 'Этот заказ не отложен; обновите список и попробуйте снова.',
      ar: 'هذا الحجز ليس حجزًا معلقًا؛ حدّث القائمة وحاول مرة أخرى.',
    },
  },
  RESERVATION_ON_HOLD: {
    status: 409,
    message: {
      he: 'ההזמנה היא הזמנה בהמתנה; רעננו את הרשימה ונסו שוב.',
      en: 'This reservation is on hold; refresh the list and try again.',
      ru: 'Этот заказ отложен; обновите список и попробуйте снова.',
      ar: 'هذا الحجز معلق؛ حدّث القائمة وحاول مرة أخرى.',
    },
  },
  NOTHING_TO_CANCEL: {
    status: 409,
    message: {
      he: 'אין מה לבטל: הכרטיסים שנבחרו כבר בוטלו או אינם בהזמנה.',
      en: 'Nothing to cancel: the chosen tickets are already cancelled or not in this reservation.',
      ru: 'Нечего отменять: выбранные билеты уже отменены или не входят в заказ.',
      ar: 'لا يوجد ما يمكن إلغاؤه: التذاكر المختارة ملغاة بالفعل أو ليست في هذا الحجز.',
    },
  },
  BALANCE_IS_DUE: {
    status: 409,
    message: {
      he: 'לא ניתן לזכות את אמצעי התשלום של הזמנה זו באתר. נא לפנות לקופה.',
      en: 'The payment of this reservation cannot be refunded on the site. Please contact the box office.',
      ru: 'Оплату этого заказа нельзя вернуть на сайте. Обратитесь в кассу.',
      ar: 'لا يمكن استرداد دفعة هذا الحجز عبر الموقع. يرجى التواصل مع شباك التذاكر.',
    },
  },
  TOO_CLOSE_TO_PRSNT_DATE: {
    status: 409,
    message: {
      he: 'לא ניתן לבטל כל כך קרוב למועד האירוע.',
      en: 'It is too close to the event to cancel.',
      ru: 'До мероприятия осталось слишком мало времени для отмены.',
      ar: 'لم يعد بالإمكان الإلغاء لقرب موعد الفعالية.',
    },
  },
  TOO_FAR_FROM_PURCHASE_DATE: {
    status: 409,
    message: {
      he: 'עבר הזמן שבו ניתן לבטל את ההזמנה מיום הרכישה.',
      en: 'The time allowed for cancelling after the purchase has passed.',
      ru: 'Срок отмены после покупки истёк.',
      ar: 'انقضت المدة المسموح بها للإلغاء بعد الشراء.',
    },
  },
  PROVIDER_REFUND_NOT_ALLOWED: {
    status: 409,
    message: {
      he: 'לאירוע זה לא ניתן להחזיר את הכסף לכרטיס האשראי. ניתן לבחור זיכוי לרכישה הבאה.',
      en: 'For this event the money cannot go back to the card. You can choose store credit instead.',
      ru: 'Для этого мероприятия деньги нельзя вернуть на карту. Можно выбрать кредит на следующую покупку.',
      ar: 'لا يمكن إعادة المبلغ إلى البطاقة لهذه الفعالية. يمكنك اختيار رصيد للشراء القادم بدلاً من ذلك.',
    },
  },
  CANNOT_REFUND_CREDIT_TRANSACTION: {
    status: 409,
    message: {
      he: 'לא ניתן לבטל חלק מעסקת תשלומים (קרדיט). ניתן לבטל את כל ההזמנה או לבחור זיכוי.',
      en: 'Part of an instalment (credit) transaction cannot be refunded. Cancel the whole order or choose store credit.',
      ru: 'Нельзя вернуть часть платежа в рассрочку. Отмените весь заказ или выберите кредит.',
      ar: 'لا يمكن استرداد جزء من صفقة تقسيط. ألغِ الطلب بالكامل أو اختر رصيدًا.',
    },
  },
  NOT_POSSIBLE_TO_CHANGE_DATE_FOR_EVENT: {
    status: 409,
    message: {
      he: 'לא ניתן לבצע שינויים באירוע זה.',
      en: 'Changes are not possible for this event.',
      ru: 'Изменения для этого мероприятия невозможны.',
      ar: 'لا يمكن إجراء تغييرات على هذه الفعالية.',
    },
  },
  PRSNT_NOT_FOUND: {
    status: 409,
    message: {
      he: 'הגדרות האירוע אינן מאפשרות ביטול באתר. נא לפנות לקופה.',
      en: 'The event settings do not allow cancelling on the site. Please contact the box office.',
      ru: 'Настройки мероприятия не позволяют отмену на сайте. Обратитесь в кассу.',
      ar: 'إعدادات الفعالية لا تسمح بالإلغاء عبر الموقع. يرجى التواصل مع شباك التذاكر.',
    },
  },
  CONTACT_ICMEGA_PROVIDER: {
    status: 409,
    message: {
      he: 'ההזמנה שולמה בהטבה של ספק חיצוני. לביטול נא לפנות לספק ההטבה.',
      en: 'This order was paid with an external benefit. Please contact the benefit provider to cancel.',
      ru: 'Заказ оплачен внешней льготой. Для отмены обратитесь к поставщику льготы.',
      ar: 'تم دفع هذا الطلب بميزة من مزود خارجي. يرجى التواصل مع مزود الميزة للإلغاء.',
    },
  },
});
