import { registerErrors } from '../common/app-error';

/** Customer login and customer-area codes (memberships-backoffice-spec.md section 8). */
export const CustomersErrors = registerErrors({
  invalid_mobileNumber: {
    status: 400,
    message: {
      he: 'מספר הטלפון הנייד אינו תקין.',
      en: 'The mobile number is not valid.',
      ru: 'Неверный номер мобильного телефона.',
      ar: 'رقم الهاتف المحمول غير صالح.',
    },
  },
  invalid_ssn: {
    status: 400,
    message: {
      he: 'מספר תעודת הזהות אינו תקין.',
      en: 'The ID number is not valid.',
      ru: 'Неверный номер удостоверения личности.',
      ar: 'رقم الهوية غير صالح.',
    },
  },
  INVALID_SMS_CODE: {
    status: 401,
    message: {
      he: 'הקוד שהוזן שגוי.',
      en: 'The code you entered is wrong.',
      ru: 'Введён неверный код.',
      ar: 'الرمز الذي أدخلته غير صحيح.',
    },
  },
  SMS_CODE_EXPIRED: {
    status: 401,
    message: {
      he: 'הקוד אינו בתוקף עוד. בקשו קוד חדש.',
      en: 'This code is no longer valid. Please ask for a new code.',
      ru: 'Код больше не действителен. Запросите новый код.',
      ar: 'لم يعد هذا الرمز صالحًا. يرجى طلب رمز جديد.',
    },
  },
  SMS_RESEND_TOO_SOON: {
    status: 429,
    message: {
      he: 'ניתן לבקש קוד חדש בעוד {seconds} שניות.',
      en: 'You can ask for a new code in {seconds} seconds.',
      ru: 'Новый код можно запросить через {seconds} с.',
      ar: 'يمكنك طلب رمز جديد بعد {seconds} ثانية.',
    },
  },
  SMS_RESEND_LIMIT: {
    status: 429,
    message: {
      he: 'הקוד כבר נשלח שוב. המתינו לו או התחילו כניסה חדשה מאוחר יותר.',
      en: 'The code was already sent again. Wait for it, or start a new login later.',
      ru: 'Код уже отправлен повторно. Дождитесь его или начните вход позже.',
      ar: 'تمت إعادة إرسال الرمز بالفعل. انتظره أو ابدأ تسجيل دخول جديدًا لاحقًا.',
    },
  },
  OTP_RATE_LIMITED: {
    status: 429,
    message: {
      he: 'יותר מדי ניסיונות. נסו שוב מאוחר יותר.',
      en: 'Too many attempts. Please try again later.',
      ru: 'Слишком много попыток. Попробуйте позже.',
      ar: 'محاولات كثيرة جدًا. يرجى المحاولة لاحقًا.',
    },
  },
  SMS_FAILED: {
    status: 502,
    message: {
      he: 'שליחת המסרון נכשלה. נסו שוב.',
      en: 'The text message could not be sent. Please try again.',
      ru: 'Не удалось отправить SMS. Попробуйте ещё раз.',
      ar: 'تعذر إرسال الرسالة النصية. يرجى المحاولة مرة أخرى.',
    },
  },
  LOGIN_FAILED: {
    status: 401,
    message: {
      he: 'הכניסה נכשלה. בדקו את הפרטים ונסו שוב.',
      en: 'Login failed. Check your details and try again.',
      ru: 'Вход не выполнен. Проверьте данные и попробуйте снова.',
      ar: 'فشل تسجيل الدخول. تحقق من بياناتك وحاول مرة أخرى.',
    },
  },
  CUSTOMER_NOT_LOGGED_IN: {
    status: 401,
    message: {
      he: 'יש להתחבר לאזור האישי.',
      en: 'Please log in to your customer area.',
      ru: 'Войдите в личный кабинет.',
      ar: 'يرجى تسجيل الدخول إلى منطقتك الشخصية.',
    },
  },
  CUSTOMER_NOT_FOUND: {
    status: 404,
    message: {
      he: 'הלקוח לא נמצא.',
      en: 'Customer not found.',
      ru: 'Клиент не найден.',
      ar: 'لم يتم العثور على العميل.',
    },
  },
  CUSTOMER_TOKEN_REDEEMED: {
    status: 410,
    message: {
      he: 'הקישור כבר נוצל ב-{date}. בקשו קישור חדש.',
      en: 'This link was already used on {date}. Please ask for a new link.',
      ru: 'Ссылка уже была использована {date}. Запросите новую ссылку.',
      ar: 'تم استخدام هذا الرابط بالفعل في {date}. يرجى طلب رابط جديد.',
    },
  },
  CUSTOMER_TOKEN_EXPIRED: {
    status: 410,
    message: {
      he: 'תוקף הקישור פג ב-{date}. בקשו קישור חדש.',
      en: 'This link expired on {date}. Please ask for a new link.',
      ru: 'Срок действия ссылки истёк {date}. Запросите новую ссылку.',
      ar: 'انتهت صلاحية هذا الرابط في {date}. يرجى طلب رابط جديد.',
    },
  },
  CUSTOMER_TOKEN_ERROR: {
    status: 400,
    message: {
      he: 'הקישור אינו תקין. בקשו קישור חדש.',
      en: 'This link is not valid. Please ask for a new link.',
      ru: 'Ссылка недействительна. Запросите новую ссылку.',
      ar: 'هذا الرابط غير صالح. يرجى طلب رابط جديد.',
    },
  },
  CUSTOMER_SAVE_FAILED: {
    status: 400,
    message: {
      he: 'שגיאה בשמירת הפרטים.',
      en: 'Error saving your details.',
      ru: 'Ошибка при сохранении данных.',
      ar: 'حدث خطأ أثناء حفظ بياناتك.',
    },
  },
  PASSWORD_LOGIN_DISABLED: {
    status: 404,
    message: {
      he: 'כניסה בסיסמה אינה זמינה.',
      en: 'Password login is not available.',
      ru: 'Вход по паролю недоступен.',
      ar: 'تسجيل الدخول بكلمة المرور غير متاح.',
    },
  },
  SYSTEM_VOUCHER_NOT_FOUND: {
    status: 404,
    message: {
      he: 'השובר לא נמצא.',
      en: 'Voucher not found.',
      ru: 'Ваучер не найден.',
      ar: 'لم يتم العثور على القسيمة.',
    },
  },
  SYSTEM_VOUCHER_NOT_ACTIVE: {
    status: 409,
    message: {
      he: 'השובר אינו פעיל.',
      en: 'This voucher is not active.',
      ru: 'Ваучер не активен.',
      ar: 'هذه القسيمة غير فعالة.',
    },
  },
  SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT: {
    status: 409,
    message: {
      he: 'השובר כבר הומר לשובר חלופי.',
      en: 'This voucher was already turned into a replacement voucher.',
      ru: 'Этот ваучер уже заменён.',
      ar: 'تم تحويل هذه القسيمة إلى قسيمة بديلة بالفعل.',
    },
  },
  SYSTEM_VOUCHER_PARTIAL_REDEMPTION_NOT_ALLOWED: {
    status: 409,
    message: {
      he: 'לא ניתן לבטל שובר שמומש בחלקו.',
      en: 'A partly used voucher cannot be cancelled.',
      ru: 'Частично использованный ваучер нельзя отменить.',
      ar: 'لا يمكن إلغاء قسيمة مستخدمة جزئيًا.',
    },
  },
  VOUCHER_CANCELLATION_NOT_ALLOWED: {
    status: 409,
    message: {
      he: 'לא ניתן לבטל שובר זה. ניתן להשתמש בו ברכישה הבאה.',
      en: 'This voucher cannot be cancelled. You can use it on your next purchase.',
      ru: 'Этот ваучер нельзя отменить. Его можно использовать при следующей покупке.',
      ar: 'لا يمكن إلغاء هذه القسيمة. يمكنك استخدامها في عملية الشراء القادمة.',
    },
  },
});

/** The success text of a details save (storefront-spec.md section 8). */
export const CUSTOMER_SAVED: Record<'he' | 'en' | 'ru' | 'ar', string> = {
  he: 'הפרטים שלך נשמרו בהצלחה.',
  en: 'Your details were saved.',
  ru: 'Ваши данные сохранены.',
  ar: 'تم حفظ بياناتك بنجاح.',
};
