import { registerErrors } from '../common/app-error';

/**
 * The seat engine's refusals. 409 for "the state of the hall says no" (someone
 * else was faster, a rule of the row), 403 for acting on someone else's lock,
 * 404 for names that do not exist. INVALID_CAPTCHA belongs to the bot check.
 */
export const SeatErrors = registerErrors({
  BLOCK_SEAT_NOT_AVAILABLE: {
    status: 409,
    message: {
      he: 'שורה {row} מושב {seat} כבר אינו פנוי, ולכן אף מושב מהבלוק לא ננעל.',
      en: 'Row {row} seat {seat} is no longer available, so no seat of the block was locked.',
      ru: 'Ряд {row}, место {seat} уже занято, поэтому ни одно место блока не заблокировано.',
      ar: 'الصف {row} المقعد {seat} لم يعد متاحًا، لذلك لم يُحجز أي مقعد من المجموعة.',
    },
  },
  SEAT_NOT_AVAILABLE: {
    status: 409,
    message: {
      he: 'המושב כבר אינו פנוי.',
      en: 'This seat is no longer available.',
      ru: 'Это место уже занято.',
      ar: 'هذا المقعد لم يعد متاحًا.',
    },
  },
  MAX_SEATS_EXCEEDED: {
    status: 409,
    message: {
      he: 'לא ניתן לבחור יותר מ-{maxSeats} מושבים',
      en: 'Cannot select more than {maxSeats} seats',
      ru: 'Нельзя выбрать больше {maxSeats} мест',
      ar: 'لا يمكن اختيار أكثر من {maxSeats} مقاعد',
    },
  },
  SINGLE_SEAT_GAP: {
    status: 409,
    message: {
      he: 'לא ניתן להשאיר מושב בודד פנוי בין מושבים תפוסים.',
      en: 'A single empty seat may not be left between taken seats.',
      ru: 'Нельзя оставлять одно свободное место между занятыми.',
      ar: 'لا يمكن ترك مقعد فارغ واحد بين مقاعد محجوزة.',
    },
  },
  SEATS_MUST_BE_TOGETHER: {
    status: 409,
    message: {
      he: 'מושבים אלה נמכרים יחד בלבד.',
      en: 'These seats can only be taken together.',
      ru: 'Эти места продаются только вместе.',
      ar: 'هذه المقاعد تُباع معًا فقط.',
    },
  },
  NOT_ENOUGH_SEATS: {
    status: 409,
    message: {
      he: 'אין מספיק מושבים פנויים.',
      en: 'There are not enough seats available.',
      ru: 'Недостаточно свободных мест.',
      ar: 'لا توجد مقاعد متاحة كافية.',
    },
  },
  NO_SEATS_LEFT_GA: {
    status: 409,
    message: {
      he: 'לא נותרו כרטיסים באזור הכניסה החופשית.',
      en: 'No places are left in this general-admission area.',
      ru: 'В этой зоне без мест свободных мест не осталось.',
      ar: 'لم تتبقَّ أماكن في منطقة الدخول العام هذه.',
    },
  },
  NO_SEATS_LEFT_RESERVED: {
    status: 409,
    message: {
      he: 'לא נותרו מושבים מסומנים פנויים.',
      en: 'No reserved seats are left.',
      ru: 'Нумерованных мест не осталось.',
      ar: 'لم تتبقَّ مقاعد مرقمة.',
    },
  },
  NO_SEATS_LEFT_SECTION: {
    status: 409,
    message: {
      he: 'לא נותרו מושבים פנויים באזור זה.',
      en: 'No seats are left in this section.',
      ru: 'В этой секции мест не осталось.',
      ar: 'لم تتبقَّ مقاعد في هذا القسم.',
    },
  },
  SALES_NOT_OPEN: {
    status: 409,
    message: {
      he: 'המכירה למועד זה עדיין לא נפתחה. לא חויבתם.',
      en: 'Sales for this date have not opened yet. You were not charged.',
      ru: 'Продажа на этот сеанс ещё не открыта. Деньги не списаны.',
      ar: 'لم يبدأ البيع لهذا الموعد بعد. لم يتم خصم أي مبلغ.',
    },
  },
  SALES_CLOSED: {
    status: 409,
    message: {
      he: 'המכירה למועד זה הסתיימה. לא חויבתם.',
      en: 'Sales for this date have closed. You were not charged.',
      ru: 'Продажа на этот сеанс закрыта. Деньги не списаны.',
      ar: 'انتهى البيع لهذا الموعد. لم يتم خصم أي مبلغ.',
    },
  },
  PRESENTATION_SOLD_OUT: {
    status: 409,
    message: {
      he: 'המופע אזל.',
      en: 'This presentation is sold out.',
      ru: 'Все билеты на этот сеанс проданы.',
      ar: 'نفدت تذاكر هذا العرض.',
    },
  },
  SEATS_BEING_PAID: {
    status: 409,
    message: {
      he: 'המושבים האלה כבר בתהליך תשלום בחלון או במכשיר אחר. לא חויבתם כאן; המתינו לסיום התשלום שם.',
      en: 'These seats are already being paid for in another window or on another device. You were not charged here; wait for that payment to finish.',
      ru: 'Эти места уже оплачиваются в другом окне или на другом устройстве. Здесь с вас ничего не списано; дождитесь завершения той оплаты.',
      ar: 'يجري دفع ثمن هذه المقاعد بالفعل في نافذة أو جهاز آخر. لم يتم خصم أي مبلغ منك هنا؛ انتظر حتى تكتمل تلك العملية.',
    },
  },
  NOT_LOCK_OWNER: {
    status: 403,
    message: {
      he: 'המושב אינו שמור עבורך.',
      en: 'This seat is not held by you.',
      ru: 'Это место забронировано не вами.',
      ar: 'هذا المقعد ليس محجوزًا لك.',
    },
  },
  SEAT_NOT_FOUND: {
    status: 404,
    message: {
      he: 'המושב לא נמצא.',
      en: 'The seat was not found.',
      ru: 'Место не найдено.',
      ar: 'لم يتم العثور على المقعد.',
    },
  },
  SECTION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'האזור לא נמצא.',
      en: 'The section was not found.',
      ru: 'Секция не найдена.',
      ar: 'لم يتم العثور على القسم.',
    },
  },
});
export type SeatErrorCode = keyof typeof SeatErrors;
