import { registerErrors } from '../common/app-error';

/** Refusals of a change of seats on an existing order (docs/order-changes.md), he/en/ru/ar. */
export const OrderChangeErrors = registerErrors({
  DIFFERENT_TICKET_GROUP_OR_PRICE: {
    status: 409,
    message: {
      he: 'נבחרו קבוצת כרטיסים או מחיר שונים. ניתן להחליף רק למושב באותה קבוצת כרטיסים ובאותו מחיר.',
      en: 'Different ticket group or price selected. A seat can only be changed for one in the same ticket group at the same price.',
      ru: 'Выбрана другая группа билетов или цена. Место можно сменить только на место той же группы билетов по той же цене.',
      ar: 'تم اختيار مجموعة تذاكر أو سعر مختلف. يمكن تبديل المقعد فقط بمقعد من نفس مجموعة التذاكر وبنفس السعر.',
    },
  },
  ORDER_NOT_CHANGEABLE: {
    status: 409,
    message: {
      he: 'לא ניתן לשנות את ההזמנה הזו: רק הזמנה ששולמה ולפני תחילת האירוע.',
      en: 'This order cannot be changed: only a paid order, before the event starts.',
      ru: 'Этот заказ нельзя изменить: только оплаченный заказ и до начала мероприятия.',
      ar: 'لا يمكن تغيير هذا الطلب: فقط طلب مدفوع وقبل بدء الفعالية.',
    },
  },
  ORDER_CHANGES_LOCKED: {
    status: 409,
    message: {
      he: 'הגדרות האירוע אינן מאפשרות שינוי מושבים.',
      en: "The event's settings do not allow changing seats.",
      ru: 'Настройки мероприятия не позволяют менять места.',
      ar: 'إعدادات الفعالية لا تسمح بتغيير المقاعد.',
    },
  },
  TICKET_NOT_IN_ORDER: {
    status: 404,
    message: {
      he: 'הכרטיס לא נמצא בהזמנה (או שכבר בוטל).',
      en: 'The ticket is not in this order (or was cancelled).',
      ru: 'Билета нет в этом заказе (или он отменён).',
      ar: 'التذكرة ليست في هذا الطلب (أو أُلغيت).',
    },
  },
  SWAP_TO_OWN_SEAT: {
    status: 409,
    message: {
      he: 'המושב שנבחר כבר שייך להזמנה. בחרו מושב פנוי אחר.',
      en: 'The chosen seat already belongs to this order. Choose another free seat.',
      ru: 'Выбранное место уже принадлежит этому заказу. Выберите другое свободное место.',
      ar: 'المقعد المختار ينتمي بالفعل إلى هذا الطلب. اختر مقعدًا شاغرًا آخر.',
    },
  },
  TRANSACTION_ID_REUSED: {
    status: 409,
    message: {
      he: 'מזהה הפעולה כבר שימש לשינוי אחר. רעננו את הדף ונסו שוב.',
      en: 'This change id was already used for a different change. Refresh the page and try again.',
      ru: 'Этот идентификатор изменения уже использован для другого изменения. Обновите страницу и попробуйте снова.',
      ar: 'معرّف التغيير هذا استُخدم لتغيير مختلف. حدّث الصفحة وحاول مرة أخرى.',
    },
  },
});
