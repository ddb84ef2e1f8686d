import { registerErrors } from '../common/app-error';

/** Ticket-reference codes. "reference value not eligible" is the spec's ticket-lookup error; the rest are ours. */
export const TicketReferenceErrors = registerErrors({
  REFERENCE_NOT_ELIGIBLE: {
    status: 409,
    message: {
      he: 'ערך האסמכתא אינו זכאי לכרטיס זה.',
      en: 'The reference value is not eligible for this ticket.',
      ru: 'Значение ссылки не подходит для этого билета.',
      ar: 'قيمة المرجع غير مؤهلة لهذه التذكرة.',
    },
  },
  REFERENCE_REQUIRED: {
    status: 400,
    message: {
      he: 'יש להזין את האסמכתא שהכרטיס דורש.',
      en: 'Enter the reference this ticket asks for.',
      ru: 'Введите ссылку, которую требует этот билет.',
      ar: 'أدخل المرجع الذي تطلبه هذه التذكرة.',
    },
  },
  REFERENCE_OPTION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'האסמכתא לא נמצאה.',
      en: 'The reference was not found.',
      ru: 'Ссылка не найдена.',
      ar: 'لم يتم العثور على المرجع.',
    },
  },
  REFERENCE_MISMATCH: {
    status: 409,
    message: {
      he: 'ערכי האסמכתא אינם תואמים לשורה. רעננו את הרשימה ונסו שוב.',
      en: 'The reference values do not match this row. Refresh the list and try again.',
      ru: 'Значения ссылки не совпадают со строкой. Обновите список и повторите.',
      ar: 'قيم المرجع لا تطابق هذا السطر. حدّث القائمة وحاول مرة أخرى.',
    },
  },
  REFERENCE_ALREADY_EXISTS: {
    status: 409,
    message: {
      he: 'אסמכתא זו כבר קיימת למחיר זה.',
      en: 'This reference already exists for this price.',
      ru: 'Такая ссылка для этой цены уже существует.',
      ar: 'هذا المرجع موجود بالفعل لهذا السعر.',
    },
  },
  REFERENCE_QUANTITY_BELOW_USED: {
    status: 409,
    message: {
      he: 'לא ניתן להגדיר כמות נמוכה מ-{used} הכרטיסים שכבר נמכרו עם אסמכתא זו.',
      en: 'The quantity cannot be below the {used} tickets already sold with this reference.',
      ru: 'Количество не может быть меньше {used} билетов, уже проданных с этой ссылкой.',
      ar: 'لا يمكن أن تكون الكمية أقل من {used} تذكرة بيعت بالفعل بهذا المرجع.',
    },
  },
});
