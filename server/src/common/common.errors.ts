import { registerErrors } from './app-error';

/** Errors any endpoint can answer with. */
export const CommonErrors = registerErrors({
  INVALID_QUERY: {
    status: 400,
    message: {
      he: 'הבקשה אינה תקינה: {details}',
      en: 'The request is not valid: {details}',
      ru: 'Некорректный запрос: {details}',
      ar: 'الطلب غير صالح: {details}',
    },
  },
  INVALID_BODY: {
    status: 400,
    message: {
      he: 'תוכן הבקשה אינו תקין: {details}',
      en: 'The request body is not valid: {details}',
      ru: 'Некорректное тело запроса: {details}',
      ar: 'محتوى الطلب غير صالح: {details}',
    },
  },
  INVALID_TEXT: {
    status: 400,
    message: {
      he: 'הבקשה מכילה תווים לא חוקיים: {details}',
      en: 'The request contains characters that are not allowed: {details}',
      ru: 'Запрос содержит недопустимые символы: {details}',
      ar: 'يحتوي الطلب على أحرف غير مسموح بها: {details}',
    },
  },
  INVALID_UUID: {
    status: 400,
    message: {
      he: 'מזהה המבקר אינו תקין.',
      en: 'The visitor identifier (uuid header) is not valid.',
      ru: 'Некорректный идентификатор посетителя.',
      ar: 'معرّف الزائر غير صالح.',
    },
  },
  NOT_FOUND: {
    status: 404,
    message: {
      he: 'הדף לא נמצא.',
      en: 'This page could not be found.',
      ru: 'Страница не найдена.',
      ar: 'لم يتم العثور على هذه الصفحة.',
    },
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: {
      he: 'הפעולה אינה נתמכת.',
      en: 'Method not allowed.',
      ru: 'Метод не поддерживается.',
      ar: 'الطريقة غير مسموح بها.',
    },
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: {
      he: 'הבקשה גדולה מדי.',
      en: 'The request is too large.',
      ru: 'Слишком большой запрос.',
      ar: 'الطلب كبير جدًا.',
    },
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: {
      he: 'יותר מדי בקשות, נסו שוב בעוד רגע.',
      en: 'Too many requests, try again in a moment.',
      ru: 'Слишком много запросов, попробуйте позже.',
      ar: 'طلبات كثيرة جدًا، حاول مرة أخرى بعد قليل.',
    },
  },
  SEAT_HOLD_CAP: {
    status: 429,
    message: {
      he: 'מכתובת זו כבר שמורים {cap} מקומות להצגה זו. שחררו מקומות או השלימו הזמנה.',
      en: 'This address already holds {cap} seats for this show. Release some or complete an order.',
      ru: 'С этого адреса уже удерживается {cap} мест на этот сеанс. Освободите места или завершите заказ.',
      ar: 'هذا العنوان يحجز بالفعل {cap} مقاعد لهذا العرض. حرّر بعضها أو أكمل الطلب.',
    },
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: {
      he: 'השירות אינו זמין כרגע, נסו שוב בעוד רגע.',
      en: 'The service is unavailable right now, try again in a moment.',
      ru: 'Сервис временно недоступен.',
      ar: 'الخدمة غير متاحة حاليًا، حاول مرة أخرى بعد قليل.',
    },
  },
  INTERNAL_ERROR: {
    status: 500,
    message: { he: 'אירעה שגיאה.', en: 'Error Occurred', ru: 'Произошла ошибка.', ar: 'حدث خطأ.' },
  },
});
