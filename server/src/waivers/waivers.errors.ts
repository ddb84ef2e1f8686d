import { registerErrors } from '../common/app-error';

/** Waiver refusals, he/en/ru/ar. All before anything is charged or written. */
export const WaiverErrors = registerErrors({
  WAIVER_REQUIRED: {
    status: 400,
    message: {
      he: 'יש לחתום על כתב הוויתור לפני התשלום.',
      en: 'Please sign the waiver before paying.',
      ru: 'Перед оплатой подпишите отказ от претензий.',
      ar: 'يرجى توقيع إقرار التنازل قبل الدفع.',
    },
  },
  WAIVER_INVALID: {
    status: 400,
    message: {
      he: 'כתב הוויתור אינו שלם: {details}',
      en: 'The waiver is not complete: {details}',
      ru: 'Отказ от претензий заполнен не полностью: {details}',
      ar: 'إقرار التنازل غير مكتمل: {details}',
    },
  },
  WAIVER_AGE_MISMATCH: {
    status: 400,
    message: {
      he: 'ביום האירוע הגיל של {name} יהיה {age}, והכרטיס שנבחר אינו מיועד לגיל הזה. בדקו את תאריך הלידה או בחרו כרטיס אחר.',
      en: '{name} will be {age} on the day of the event, and the ticket chosen is not for that age. Check the date of birth or choose another ticket.',
      ru: 'В день мероприятия возраст участника ({name}) — {age}, а выбранный билет не для этого возраста. Проверьте дату рождения или выберите другой билет.',
      ar: 'سيكون عمر {name} يوم الفعالية {age}، والتذكرة المختارة ليست لهذا العمر. تحقّق من تاريخ الميلاد أو اختر تذكرة أخرى.',
    },
  },
  WAIVER_BIRTH_DATE_INVALID: {
    status: 400,
    message: {
      he: 'תאריך הלידה של {name} אינו תקין.',
      en: "{name}'s date of birth is not valid.",
      ru: 'Дата рождения ({name}) указана неверно.',
      ar: 'تاريخ ميلاد {name} غير صالح.',
    },
  },
});
