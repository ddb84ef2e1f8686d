import { registerErrors } from '../common/app-error';

/** Refusals of door calls themselves (a scan's own answer, admitted or not, is a 200: docs/door-checkin.md). */
export const CheckinErrors = registerErrors({
  CHECKIN_NONCE_REUSED: {
    status: 409,
    message: {
      he: 'מזהה הסריקה כבר שימש סורק אחר. רעננו את הדף ונסו שוב.',
      en: 'This scan id was already used by another scanner. Refresh the page and try again.',
      ru: 'Этот идентификатор сканирования уже использован другим сканером. Обновите страницу и попробуйте снова.',
      ar: 'معرّف المسح هذا استخدمه ماسح آخر. حدّث الصفحة وحاول مرة أخرى.',
    },
  },
  DOOR_CONFLICT_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הקונפליקט לא נמצא.',
      en: 'This conflict was not found.',
      ru: 'Этот конфликт не найден.',
      ar: 'لم يتم العثور على هذا التعارض.',
    },
  },
});
