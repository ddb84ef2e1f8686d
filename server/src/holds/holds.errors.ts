import { registerErrors } from '../common/app-error';

/** Refusals of hold orders and of paying an existing reservation, he/en/ru/ar. */
export const HoldErrors = registerErrors({
  HOLD_LOGIN_REQUIRED: {
    status: 401,
    message: {
      he: 'כדי להזמין בהמתנה (לתשלום בקופה) יש להתחבר.',
      en: 'Log in to place a hold order (pay at the box office).',
      ru: 'Войдите, чтобы оформить отложенный заказ (оплата в кассе).',
      ar: 'سجّل الدخول لتقديم حجز معلّق (الدفع في شباك التذاكر).',
    },
  },
  HOLD_MEMBERSHIP_REQUIRED: {
    status: 403,
    message: {
      he: 'הזמנה בהמתנה שמורה לחברי מנוי פעילים.',
      en: 'Hold orders are for customers with an active membership.',
      ru: 'Отложенные заказы доступны только при действующем абонементе.',
      ar: 'الحجوزات المعلّقة متاحة فقط لأصحاب العضوية الفعّالة.',
    },
  },
  HOLD_PREMIUM_SEAT: {
    status: 409,
    message: {
      he: 'לא ניתן להזמין מושבי פרימיום בהמתנה. אפשר להמשיך להזמנה רגילה ולשלם עכשיו.',
      en: 'Premium seats cannot be held. You can switch to a regular order and pay now.',
      ru: 'Премиальные места нельзя отложить. Можно перейти к обычному заказу и оплатить сейчас.',
      ar: 'لا يمكن تعليق المقاعد المميزة. يمكنك التحويل إلى طلب عادي والدفع الآن.',
    },
  },
  HOLD_TOO_LATE: {
    status: 409,
    message: {
      he: 'מאוחר מדי להזמנה בהמתנה למועד זה: ההזמנות בהמתנה אליו נסגרו. אפשר להזמין רגיל ולשלם עכשיו.',
      en: 'Too late for a hold order on this date: its holds have closed. You can place a regular order and pay now.',
      ru: 'Слишком поздно для отложенного заказа на эту дату: приём отложенных заказов закрыт. Можно оформить обычный заказ и оплатить сейчас.',
      ar: 'فات موعد الحجز المعلّق لهذا الموعد: أُغلقت الحجوزات المعلّقة له. يمكنك تقديم طلب عادي والدفع الآن.',
    },
  },
  HOLD_NOT_ALLOWED: {
    status: 409,
    message: {
      he: 'למועד זה אין הזמנות בהמתנה. אפשר להזמין רגיל ולשלם עכשיו.',
      en: 'This date takes no hold orders. You can place a regular order and pay now.',
      ru: 'На эту дату отложенные заказы не принимаются. Можно оформить обычный заказ и оплатить сейчас.',
      ar: 'لا يقبل هذا الموعد الحجوزات المعلّقة. يمكنك تقديم طلب عادي والدفع الآن.',
    },
  },
  HOLD_CART_INVALID: {
    status: 400,
    message: {
      he: 'הזמנה בהמתנה היא לכרטיסים בלבד, ללא תשלום בשובר.',
      en: 'A hold order is for tickets only, without voucher payments.',
      ru: 'Отложенный заказ — только на билеты, без оплаты ваучером.',
      ar: 'الحجز المعلّق للتذاكر فقط، دون الدفع بقسيمة.',
    },
  },
  HOLD_NOT_FOUND: {
    status: 404,
    message: {
      he: 'ההזמנה לא נמצאה.',
      en: 'Reservation not found.',
      ru: 'Заказ не найден.',
      ar: 'لم يتم العثور على الحجز.',
    },
  },
  HOLD_ALREADY_PAID: {
    status: 409,
    message: {
      he: 'ההזמנה כבר שולמה.',
      en: 'This reservation is already paid.',
      ru: 'Этот заказ уже оплачен.',
      ar: 'تم دفع هذا الحجز بالفعل.',
    },
  },
  HOLD_RELEASED: {
    status: 409,
    message: {
      he: 'מועד התשלום של ההזמנה עבר והמושבים שוחררו למכירה.',
      en: 'The payment deadline of this reservation has passed and its seats were released.',
      ru: 'Срок оплаты заказа истёк, места возвращены в продажу.',
      ar: 'انقضى موعد دفع هذا الحجز وأُعيدت مقاعده إلى البيع.',
    },
  },
  HOLD_RELEASED_REFUNDED: {
    status: 409,
    message: {
      he: 'ההזמנה שוחררה לפני שהתשלום הושלם; החיוב בסך {amount} מבוטל.',
      en: 'The reservation was released before the payment completed; the charge of {amount} is refunded.',
      ru: 'Заказ был снят до завершения оплаты; списание {amount} возвращено.',
      ar: 'أُلغي الحجز قبل اكتمال الدفع؛ تم استرداد المبلغ {amount}.',
    },
  },
  HOLD_PAYMENT_IN_PROGRESS: {
    status: 409,
    message: {
      he: 'התשלום על ההזמנה כבר מתבצע. המתינו מספר שניות ונסו שוב.',
      en: 'Payment of this reservation is already in progress. Wait a few seconds and try again.',
      ru: 'Оплата этого заказа уже выполняется. Подождите несколько секунд и повторите.',
      ar: 'دفع هذا الحجز قيد التنفيذ بالفعل. انتظر بضع ثوانٍ وحاول مرة أخرى.',
    },
  },
  HOLD_PAYMENT_KEY_REUSED: {
    status: 409,
    message: {
      he: 'מזהה התשלום כבר שימש לתשלום אחר. יש להתחיל תשלום חדש.',
      en: 'This payment identifier was already used for a different payment. Start a new payment.',
      ru: 'Этот идентификатор оплаты уже использован для другой оплаты. Начните новую оплату.',
      ar: 'معرّف الدفع هذا استُخدم لدفعة أخرى. ابدأ دفعة جديدة.',
    },
  },
  HOLD_PAYMENT_REQUIRED: {
    status: 400,
    message: {
      he: 'יש להזין פרטי כרטיס אשראי לתשלום.',
      en: 'Enter card details to pay.',
      ru: 'Введите данные карты для оплаты.',
      ar: 'أدخل بيانات البطاقة للدفع.',
    },
  },
});

export type HoldErrorCode = keyof typeof HoldErrors;
