import { JERUSALEM_TIME_ZONE, type DoorOutcome } from '@hotline/shared';
import { interpolate, type Messages } from '../common/app-error';
import type { Locale } from '../common/locale';

/** The door's answers in the staff member's language; {time} in Jerusalem, {gate} as the scanner named it. */
const MESSAGES: Record<DoorOutcome, Messages> = {
  admitted: { he: 'כניסה מאושרת', en: 'Admitted', ru: 'Вход разрешён', ar: 'تم السماح بالدخول' },
  'already-admitted': {
    he: 'הכרטיס כבר נסרק בשעה {time} בשער {gate}',
    en: 'Already admitted at {time} at gate {gate}',
    ru: 'Билет уже пропущен в {time} через вход {gate}',
    ar: 'تم إدخال هذه التذكرة بالفعل الساعة {time} عند البوابة {gate}',
  },
  'not-valid': {
    he: 'כרטיס לא תקף',
    en: 'Not a valid ticket',
    ru: 'Недействительный билет',
    ar: 'تذكرة غير صالحة',
  },
  'rotating-code-required': {
    he: 'במופע הזה נדרש הקוד המתחלף מהאפליקציה או מהארנק',
    en: 'This show needs the live code from the app or wallet',
    ru: 'На этот показ нужен живой код из приложения или кошелька',
    ar: 'يتطلب هذا العرض الرمز المتغير من التطبيق أو المحفظة',
  },
  cancelled: {
    he: 'הכרטיס בוטל או הוחזר',
    en: 'This ticket was cancelled or refunded',
    ru: 'Билет отменён или возвращён',
    ar: 'أُلغيت هذه التذكرة أو استُرد ثمنها',
  },
  'seat-changed': {
    he: 'המושב הוחלף: יש להציג את הכרטיס המעודכן',
    en: 'The seat was changed: show the updated ticket',
    ru: 'Место изменено: покажите обновлённый билет',
    ar: 'تم تغيير المقعد: اعرض التذكرة المحدّثة',
  },
  'wrong-presentation': {
    he: 'הכרטיס למופע אחר',
    en: 'This ticket is for another show',
    ru: 'Билет на другой показ',
    ar: 'هذه التذكرة لعرض آخر',
  },
  'too-early': {
    he: 'מוקדם מדי: הדלתות נפתחות בשעה {time}',
    en: 'Too early: doors open at {time}',
    ru: 'Слишком рано: вход открывается в {time}',
    ar: 'مبكر جدًا: تُفتح الأبواب الساعة {time}',
  },
  exited: {
    he: 'יציאה נרשמה, אפשר לחזור עם אותו כרטיס',
    en: 'Exit recorded; the same ticket lets them back in',
    ru: 'Выход отмечен; по этому билету можно вернуться',
    ar: 'تم تسجيل الخروج؛ يمكن العودة بنفس التذكرة',
  },
  'not-inside': {
    he: 'הכרטיס אינו רשום כנמצא בפנים',
    en: 'This ticket is not recorded as inside',
    ru: 'Этот билет не отмечен как находящийся внутри',
    ar: 'هذه التذكرة غير مسجلة في الداخل',
  },
  'exit-not-allowed': {
    he: 'במופע הזה אין יציאה וחזרה',
    en: 'This show does not allow leaving and coming back',
    ru: 'На этот показ нельзя выйти и вернуться',
    ar: 'لا يسمح هذا العرض بالخروج والعودة',
  },
};

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: JERUSALEM_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function doorMessage(
  outcome: DoorOutcome,
  locale: Locale,
  params: { time?: Date | null; gate?: string | null },
) {
  return interpolate(MESSAGES[outcome][locale], {
    time: params.time ? clock.format(params.time) : '',
    gate: params.gate ?? '',
  });
}
