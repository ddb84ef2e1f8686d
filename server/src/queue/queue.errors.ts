import { registerErrors } from '../common/app-error';

/** The waiting room's refusals (docs/waiting-room.md), in the four languages. */
export const QueueErrors = registerErrors({
  QUEUE_REQUIRED: {
    status: 403,
    message: {
      he: 'המכירה להופעה זו עוברת דרך תור המתנה. היכנסו לתור כדי לבחור מקומות.',
      en: 'Tickets for this show are sold through a waiting room. Join the queue to choose seats.',
      ru: 'Билеты на это представление продаются через очередь. Встаньте в очередь, чтобы выбрать места.',
      ar: 'تُباع تذاكر هذا العرض عبر غرفة انتظار. انضموا إلى الطابور لاختيار المقاعد.',
    },
  },
  QUEUE_TICKET_INVALID: {
    status: 403,
    message: {
      he: 'כרטיס התור אינו תקף עבור הדפדפן הזה. היכנסו לתור מחדש.',
      en: 'This queue ticket is not valid for this browser. Please join the queue again.',
      ru: 'Этот талон очереди недействителен для этого браузера. Встаньте в очередь заново.',
      ar: 'تذكرة الطابور هذه غير صالحة لهذا المتصفح. يرجى الانضمام إلى الطابور من جديد.',
    },
  },
  ON_SALE_INVALID: {
    status: 400,
    message: {
      he: 'הגדרת המכירה אינה תקינה: {details}',
      en: 'The on-sale settings are not valid: {details}',
      ru: 'Настройки продаж неверны: {details}',
      ar: 'إعدادات البيع غير صالحة: {details}',
    },
  },
  ON_SALE_NOT_FOUND: {
    status: 404,
    message: {
      he: 'ההופעה או המופע לא נמצאו.',
      en: 'The presentation or feature was not found.',
      ru: 'Представление или спектакль не найдены.',
      ar: 'لم يتم العثور على العرض أو الفعالية.',
    },
  },
});
