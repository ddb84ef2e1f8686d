import { registerErrors } from '../common/app-error';

/** Mini-site, live-domain and partner-integration refusals (docs/storefront-modes.md). */
export const ChannelErrors = registerErrors({
  MINI_SITE_NOT_FOUND: {
    status: 404,
    message: {
      he: 'המיני-סייט המבוקש לא נמצא.',
      en: 'The requested mini-site was not found.',
      ru: 'Мини-сайт не найден.',
      ar: 'لم يتم العثور على الموقع المصغّر المطلوب.',
    },
  },
  MINI_SITE_PRESENTATION_NOT_ALLOWED: {
    status: 403,
    message: {
      he: 'ההצגה הזו אינה נמכרת באתר זה.',
      en: 'This presentation is not sold on this site.',
      ru: 'Этот сеанс не продаётся на этом сайте.',
      ar: 'هذا العرض غير معروض للبيع في هذا الموقع.',
    },
  },
  MINI_SITE_TICKET_NOT_ALLOWED: {
    status: 403,
    message: {
      he: 'הכרטיס הזה אינו נמכר באתר זה.',
      en: 'This ticket is not sold on this site.',
      ru: 'Этот билет не продаётся на этом сайте.',
      ar: 'هذه التذكرة غير معروضة للبيع في هذا الموقع.',
    },
  },
  MINI_SITE_SEAT_NOT_ALLOCATED: {
    status: 409,
    message: {
      he: 'המושב {seat} אינו מוקצה למכירה באתר זה.',
      en: 'Seat {seat} is not allocated to this site.',
      ru: 'Место {seat} не выделено для этого сайта.',
      ar: 'المقعد {seat} غير مخصّص لهذا الموقع.',
    },
  },
  MINI_SITE_BALANCE_USED_UP: {
    status: 409,
    message: {
      he: 'לא נותרו עוד כרטיסים מסוג זה באתר זה.',
      en: 'No more tickets of this kind are left on this site.',
      ru: 'Билетов этого типа на этом сайте больше не осталось.',
      ar: 'لم تتبقَّ تذاكر من هذا النوع في هذا الموقع.',
    },
  },
  INTEGRATION_PARAMS_MISSING: {
    status: 400,
    message: {
      he: 'חסרים פרטי הקישור של השותף (TS, ret, key).',
      en: 'The partner link is missing TS, ret or key.',
      ru: 'В ссылке партнёра нет TS, ret или key.',
      ar: 'رابط الشريك ينقصه TS أو ret أو key.',
    },
  },
  INTEGRATION_KEY_INVALID: {
    status: 403,
    message: {
      he: 'הקישור של השותף אינו תקף.',
      en: 'The partner link is not valid.',
      ru: 'Ссылка партнёра недействительна.',
      ar: 'رابط الشريك غير صالح.',
    },
  },
  INTEGRATION_EXPIRED: {
    status: 403,
    message: {
      he: 'פג תוקפו של הקישור של השותף. חזרו לאתר השותף ונסו שוב.',
      en: "The partner link has expired. Go back to the partner's site and try again.",
      ru: 'Срок действия ссылки партнёра истёк. Вернитесь на сайт партнёра и попробуйте снова.',
      ar: 'انتهت صلاحية رابط الشريك. عُد إلى موقع الشريك وحاول مرة أخرى.',
    },
  },
  INTEGRATION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הקישור של השותף לא נמצא או שפג תוקפו.',
      en: 'The partner link was not found or has expired.',
      ru: 'Ссылка партнёра не найдена или истекла.',
      ar: 'لم يتم العثور على رابط الشريك أو انتهت صلاحيته.',
    },
  },
});
export type ChannelErrorCode = keyof typeof ChannelErrors;
