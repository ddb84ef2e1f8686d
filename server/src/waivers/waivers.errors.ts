import { registerErrors } from '../common/app-error';

/** Waiver refusals (issue 13), he/en/ru/ar. All before anything is charged or written. */
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
      he: 'הכרטיס חייב להתאים לגיל המשתתף ({name}, בן/בת {age}).',
      en: "The ticket must fit the participant's age ({name}, {age}).",
      ru: 'Билет должен соответствовать возрасту участника ({name}, {age}).',
      ar: 'يجب أن تناسب التذكرة عمر المشارك ({name}، {age}).',
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
