import {
  couponNoEligibleTicketsMessage,
  couponUsedUpMessage,
  voucherNoBalanceMessage,
  type SupportedLocale,
} from '@hotline/shared';
import { AppError, registerErrors, type Messages } from '../common/app-error';
import type { Locale } from '../common/locale';

/** The same text in every language from a shared rule's message function, so the server never drifts from the spec's Hebrew. */
const fromRule = (fn: (locale: SupportedLocale) => string): Messages => ({
  he: fn('he'),
  en: fn('en'),
  ru: fn('ru'),
  ar: fn('ar'),
});

/**
 * The booking flow's refusals (cart, ticket by code, vouchers, payment, commit,
 * e-ticket). 409 when the state of the world says no (seats, balances, prices
 * changed), 402 when the card says no, 404 for names that do not exist or are
 * not the visitor's. The storefront shows 'message: error' (storefront-spec.md section 8).
 */
export const BookingErrors = registerErrors({
  SEAT_SET_ASIDE: {
    status: 409,
    message: {
      he: 'חלק מהמושבים שבחרתם שמורים לערוץ מכירה אחר ועדיין אינם נמכרים כאן. בחרו מושבים אחרים. לא חויבתם.',
      en: 'Some of the seats you chose are set aside for another sales channel and are not sold here yet. Choose other seats. You were not charged.',
      ru: 'Некоторые выбранные места зарезервированы для другого канала продаж и пока здесь не продаются. Выберите другие места. Деньги не списаны.',
      ar: 'بعض المقاعد التي اخترتها مخصّصة لقناة بيع أخرى ولا تُباع هنا بعد. اختر مقاعد أخرى. لم يتم خصم أي مبلغ.',
    },
  },
  SHOW_CANCELLED: {
    status: 409,
    message: {
      he: 'המופע בוטל ואינו נמכר עוד. לא חויבתם.',
      en: 'This show was cancelled and is no longer sold. You were not charged.',
      ru: 'Это мероприятие отменено и больше не продаётся. Деньги не списаны.',
      ar: 'أُلغي هذا العرض ولم يعد يُباع. لم يتم خصم أي مبلغ.',
    },
  },
  PRODUCT_SOLD_OUT: {
    status: 409,
    message: {
      he: 'אחד המוצרים בהזמנה אזל. הסירו אותו או הפחיתו את הכמות. לא חויבתם.',
      en: 'One of the products in the order is sold out. Remove it or order fewer. You were not charged.',
      ru: 'Один из товаров в заказе закончился. Уберите его или уменьшите количество. Деньги не списаны.',
      ar: 'نفد أحد المنتجات في الطلب. أزله أو قلّل الكمية. لم يتم خصم أي مبلغ.',
    },
  },
  CHANNEL_QUOTA_EXHAUSTED: {
    status: 409,
    message: {
      he: 'המקומות שהוקצו לערוץ מכירה זה במועד הזה אזלו. לא חויבתם.',
      en: 'The seats set aside for this sales channel on this date are sold out. You were not charged.',
      ru: 'Места, выделенные этому каналу продаж на эту дату, распроданы. Деньги не списаны.',
      ar: 'نفدت المقاعد المخصصة لقناة البيع هذه في هذا الموعد. لم يتم خصم أي مبلغ.',
    },
  },
  PRODUCT_PER_ORDER_EXCEEDED: {
    status: 409,
    message: {
      he: 'אפשר להזמין עד {max} יחידות ממוצר זה בהזמנה אחת. לא חויבתם.',
      en: 'At most {max} of this product can be ordered in one order. You were not charged.',
      ru: 'Этого товара можно заказать не больше {max} в одном заказе. Деньги не списаны.',
      ar: 'يمكن طلب {max} كحد أقصى من هذا المنتج في طلب واحد. لم يتم خصم أي مبلغ.',
    },
  },
  CART_EMPTY: {
    status: 400,
    message: {
      he: 'ההזמנה ריקה: יש לבחור לפחות פריט אחד (מושב, שובר או תרומה).',
      en: 'The order is empty: choose at least one item (a seat, a voucher or a donation).',
      ru: 'Заказ пуст: выберите хотя бы одну позицию (место, ваучер или пожертвование).',
      ar: 'الطلب فارغ: اختر عنصرًا واحدًا على الأقل (مقعدًا أو قسيمة أو تبرعًا).',
    },
  },
  CART_KINDS_MIXED: {
    status: 400,
    message: {
      he: 'לא ניתן לשלם באותה הזמנה על סוגים שונים (כרטיסים, שוברים, תרומות). יש להשלים כל סוג בהזמנה נפרדת.',
      en: 'Tickets, vouchers and donations cannot be paid for in one order. Complete each kind as a separate order.',
      ru: 'Билеты, ваучеры и пожертвования нельзя оплатить одним заказом. Оформите каждый вид отдельным заказом.',
      ar: 'لا يمكن دفع التذاكر والقسائم والتبرعات في طلب واحد. أكمل كل نوع في طلب منفصل.',
    },
  },
  DONATION_AMOUNT_INVALID: {
    status: 400,
    message: {
      he: 'סכום התרומה חייב להיות בין {min} ל-{max}.',
      en: 'The donation amount must be between {min} and {max}.',
      ru: 'Сумма пожертвования должна быть от {min} до {max}.',
      ar: 'يجب أن يكون مبلغ التبرع بين {min} و{max}.',
    },
  },
  CART_NOT_FOUND: {
    status: 404,
    message: {
      he: 'ההזמנה לא נמצאה.',
      en: 'The order was not found.',
      ru: 'Заказ не найден.',
      ar: 'لم يتم العثور على الطلب.',
    },
  },
  CART_INVALID: {
    status: 400,
    message: {
      he: 'ההזמנה אינה תקינה: {details}',
      en: 'The order is not valid: {details}',
      ru: 'Заказ некорректен: {details}',
      ar: 'الطلب غير صالح: {details}',
    },
  },
  CART_ALREADY_PAID: {
    status: 409,
    message: {
      he: 'ההזמנה כבר שולמה ואין אפשרות לשנות אותה.',
      en: 'This order has already been paid and cannot be changed.',
      ru: 'Этот заказ уже оплачен и не может быть изменён.',
      ar: 'تم دفع هذا الطلب بالفعل ولا يمكن تغييره.',
    },
  },
  COMMIT_IN_PROGRESS: {
    status: 409,
    message: {
      he: 'התשלום על ההזמנה כבר מתבצע. המתינו מספר שניות ונסו שוב.',
      en: 'Payment for this order is already in progress. Wait a few seconds and try again.',
      ru: 'Оплата этого заказа уже выполняется. Подождите несколько секунд и попробуйте снова.',
      ar: 'الدفع لهذا الطلب قيد التنفيذ بالفعل. انتظر بضع ثوانٍ ثم حاول مرة أخرى.',
    },
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: {
      he: 'מזהה ההזמנה כבר שימש להזמנה אחרת. יש להתחיל הזמנה חדשה.',
      en: 'This order identifier was already used for a different order. Start a new order.',
      ru: 'Этот идентификатор заказа уже использован для другого заказа. Начните новый заказ.',
      ar: 'معرّف الطلب هذا استُخدم بالفعل لطلب آخر. ابدأ طلبًا جديدًا.',
    },
  },
  PRICE_MISMATCH: {
    status: 409,
    message: {
      he: 'המחירים בהזמנה השתנו. יש לעיין בהזמנה ולנסות שוב. ({details})',
      en: 'The prices in your order have changed. Please review your order and try again. ({details})',
      ru: 'Цены в заказе изменились. Проверьте заказ и попробуйте снова. ({details})',
      ar: 'تغيّرت الأسعار في طلبك. يرجى مراجعة الطلب والمحاولة مرة أخرى. ({details})',
    },
  },
  LOCKS_EXPIRED: {
    status: 409,
    message: {
      he: 'זמן שמירת המושבים הסתיים. יש לבחור מושבים מחדש.',
      en: 'The time to hold your seats has run out. Please choose your seats again.',
      ru: 'Время удержания мест истекло. Выберите места заново.',
      ar: 'انتهى وقت حجز مقاعدك. يرجى اختيار المقاعد من جديد.',
    },
  },
  SEAT_NOT_LOCKED: {
    status: 409,
    message: {
      he: 'המושב {seat} אינו שמור עבורך. יש לבחור אותו מחדש.',
      en: 'Seat {seat} is not held for you. Please choose it again.',
      ru: 'Место {seat} не удерживается за вами. Выберите его снова.',
      ar: 'المقعد {seat} غير محجوز لك. يرجى اختياره مرة أخرى.',
    },
  },
  TICKET_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הכרטיס אינו שייך לאירוע זה.',
      en: 'This ticket does not belong to this event.',
      ru: 'Этот билет не относится к данному событию.',
      ar: 'هذه التذكرة لا تخص هذا الحدث.',
    },
  },
  TICKET_CODE_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הקוד לא נמצא.',
      en: 'The code was not found.',
      ru: 'Код не найден.',
      ar: 'لم يتم العثور على الرمز.',
    },
  },
  TICKET_CODE_ALREADY_ENTERED: {
    status: 409,
    message: {
      he: 'הקוד כבר הוזן.',
      en: 'This code has already been entered.',
      ru: 'Этот код уже введён.',
      ar: 'تم إدخال هذا الرمز بالفعل.',
    },
  },
  COUPON_USED_UP: { status: 409, message: fromRule(couponUsedUpMessage) },
  COUPON_NO_ELIGIBLE_TICKETS: { status: 409, message: fromRule(couponNoEligibleTicketsMessage) },
  /** Text depends on how many tickets are missing (and the language's plural rules): thrown as CouponNeedsMoreTickets. */
  COUPON_NEEDS_MORE_TICKETS: {
    status: 409,
    message: { he: '{message}', en: '{message}', ru: '{message}', ar: '{message}' },
  },
  VOUCHER_LISTED_TWICE: {
    status: 400,
    message: {
      he: 'אותו שובר מופיע פעמיים בהזמנה. השתמשו בו פעם אחת, עם הסכום המלא שתרצו לממש.',
      en: 'The same voucher is listed twice in this order. Use it once, with the whole amount you want to redeem.',
      ru: 'Один и тот же ваучер указан в заказе дважды. Укажите его один раз, со всей суммой, которую хотите использовать.',
      ar: 'القسيمة نفسها مدرجة مرتين في هذا الطلب. استخدمها مرة واحدة بالمبلغ الكامل الذي تريد استرداده.',
    },
  },
  VOUCHER_NOT_FOUND: {
    status: 404,
    message: {
      he: 'השובר לא נמצא.',
      en: 'The voucher was not found.',
      ru: 'Ваучер не найден.',
      ar: 'لم يتم العثور على القسيمة.',
    },
  },
  VOUCHER_NO_BALANCE: { status: 409, message: fromRule(voucherNoBalanceMessage) },
  VOUCHER_EXPIRED: {
    status: 409,
    message: {
      he: 'תוקף השובר פג.',
      en: 'The voucher has expired.',
      ru: 'Срок действия ваучера истёк.',
      ar: 'انتهت صلاحية القسيمة.',
    },
  },
  PAYMENT_NOT_AUTHORISED: {
    status: 402,
    message: {
      he: 'יש להזין את פרטי כרטיס האשראי בדף התשלום המאובטח.',
      en: 'Please enter your card details on the secure payment page.',
      ru: 'Введите данные карты на защищённой странице оплаты.',
      ar: 'يرجى إدخال بيانات البطاقة في صفحة الدفع الآمنة.',
    },
  },
  PAYMENT_DECLINED: {
    status: 402,
    message: {
      he: 'העסקה נדחתה על ידי חברת האשראי. נסו כרטיס אחר.',
      en: 'The card company declined the transaction. Please try another card.',
      ru: 'Банк отклонил операцию. Попробуйте другую карту.',
      ar: 'رفضت شركة البطاقة المعاملة. يرجى تجربة بطاقة أخرى.',
    },
  },
  PAYMENT_INSUFFICIENT_FUNDS: {
    status: 402,
    message: {
      he: 'אין מספיק מסגרת אשראי בכרטיס. נסו כרטיס אחר.',
      en: 'The card does not have enough funds. Please try another card.',
      ru: 'На карте недостаточно средств. Попробуйте другую карту.',
      ar: 'لا يوجد رصيد كافٍ في البطاقة. يرجى تجربة بطاقة أخرى.',
    },
  },
  PAYMENT_TIMEOUT: {
    status: 402,
    message: {
      he: 'לא התקבלה תשובה מחברת האשראי בזמן. לא בוצע חיוב. רעננו את הדף ונסו שוב.',
      en: 'The card company did not answer in time. You were not charged. Refresh the page and try again.',
      ru: 'Банк не ответил вовремя. Деньги не списаны. Обновите страницу и попробуйте снова.',
      ar: 'لم تردّ شركة البطاقة في الوقت المحدد. لم يتم الخصم. حدّث الصفحة وحاول مرة أخرى.',
    },
  },
  PAYMENT_ERROR: {
    status: 402,
    message: {
      he: 'אירעה שגיאה בתשלום. לא בוצע חיוב. נסו שוב או פנו לחברת האשראי.',
      en: 'A payment error occurred. You were not charged. Try again or contact your card company.',
      ru: 'Ошибка оплаты. Деньги не списаны. Попробуйте снова или обратитесь в банк.',
      ar: 'حدث خطأ في الدفع. لم يتم الخصم. حاول مرة أخرى أو اتصل بشركة البطاقة.',
    },
  },
  PAYMENT_FORM_NOT_FOUND: {
    status: 404,
    message: {
      he: 'דף התשלום פג תוקף. פתחו אותו מחדש.',
      en: 'The payment page has expired. Please open it again.',
      ru: 'Срок действия страницы оплаты истёк. Откройте её заново.',
      ar: 'انتهت صلاحية صفحة الدفع. يرجى فتحها من جديد.',
    },
  },
  SEATS_LOST_REFUNDED: {
    status: 409,
    message: {
      he: 'המושבים נמכרו למישהו אחר בזמן התשלום. החיוב בסך {amount} בוטל והכסף הוחזר לכרטיס.',
      en: 'Your seats were sold to someone else while you paid. The charge of {amount} was refunded to your card.',
      ru: 'Ваши места были проданы другому покупателю во время оплаты. Списание {amount} возвращено на карту.',
      ar: 'بيعت مقاعدك لشخص آخر أثناء الدفع. تمت إعادة مبلغ {amount} إلى بطاقتك.',
    },
  },
  ORDER_CHANGED_REFUNDED: {
    status: 409,
    message: {
      he: 'שובר או קופון בהזמנה מומש בהזמנה אחרת בזמן התשלום. החיוב בסך {amount} בוטל והכסף הוחזר לכרטיס.',
      en: 'A voucher or coupon in your order was used by another order while you paid. The charge of {amount} was refunded to your card.',
      ru: 'Ваучер или купон из заказа был использован в другом заказе во время оплаты. Списание {amount} возвращено на карту.',
      ar: 'استُخدمت قسيمة أو كوبون في طلبك في طلب آخر أثناء الدفع. تمت إعادة مبلغ {amount} إلى بطاقتك.',
    },
  },
  CUSTOMER_INVALID: {
    status: 400,
    message: {
      he: 'אנא ודאו שכל השדות מולאו כראוי: {details}',
      en: 'Please make sure all fields have been entered correctly: {details}',
      ru: 'Пожалуйста, проверьте, что все поля заполнены правильно: {details}',
      ar: 'يرجى التأكد من إدخال جميع الحقول بشكل صحيح: {details}',
    },
  },
  ORDER_CONFIRMATION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'אפשר לראות את אישור ההזמנה רק בדפדפן שבו היא בוצעה. הכרטיסים נשלחו אליך בדוא"ל, והם מחכים גם באזור האישי.',
      en: 'This order confirmation can only be seen in the browser the order was made in. Your tickets were e-mailed to you, and they are in My account too.',
      ru: 'Подтверждение заказа можно открыть только в браузере, в котором был сделан заказ. Билеты отправлены вам по электронной почте и есть в личном кабинете.',
      ar: 'لا يمكن عرض تأكيد الطلب إلا في المتصفح الذي تم فيه الطلب. أُرسلت إليك التذاكر بالبريد الإلكتروني، وهي موجودة أيضًا في حسابي.',
    },
  },
  DOCUMENT_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הכרטיס האלקטרוני לא נמצא.',
      en: 'The electronic ticket was not found.',
      ru: 'Электронный билет не найден.',
      ar: 'لم يتم العثور على التذكرة الإلكترونية.',
    },
  },
});
export type BookingErrorCode = keyof typeof BookingErrors;

/**
 * An AppError that also answers machine-readable `details` (which field, which
 * seat). The booking controllers' filter adds them to `{ error, message }`.
 */
export class BookingError extends AppError {
  constructor(
    code: BookingErrorCode,
    params: Record<string, unknown> = {},
    readonly details?: Record<string, unknown>,
  ) {
    super(code, params);
  }
}

/** COUPON_NEEDS_MORE_TICKETS in the reader's language, with the right plural form (shared coupon messages). */
export class CouponNeedsMoreTickets extends BookingError {
  constructor(
    private readonly render: (locale: Locale) => string,
    missingTickets: number,
  ) {
    super('COUPON_NEEDS_MORE_TICKETS', {}, { missingTickets });
  }

  override translate(locale: Locale): string {
    return this.render(locale);
  }
}
