import { registerErrors } from '../common/app-error';

/**
 * Membership, enrolment and member-lookup refusals (memberships-backoffice-spec.md section 8: ALREADY_ENROLLED,
 * GENERAL_ERROR, CUSTOMER_NO_MOBILE; the ticket-lookup texts "no valid member", "member not started", "member
 * expired", "no membership available", "balance insufficient"). CUSTOMER_NOT_FOUND is the customers module's.
 */
export const MembershipErrors = registerErrors({
  ALREADY_ENROLLED: {
    status: 409,
    message: {
      he: 'כבר נרשמת למנוי העונתי הזה.',
      en: 'You are already enrolled in this season.',
      ru: 'Вы уже записаны на этот сезон.',
      ar: 'أنت مسجَّل بالفعل في هذا الموسم.',
    },
  },
  GENERAL_ERROR: {
    status: 400,
    message: {
      he: 'אירעה שגיאה. נסו שוב.',
      en: 'Something went wrong. Please try again.',
      ru: 'Что-то пошло не так. Попробуйте ещё раз.',
      ar: 'حدث خطأ. حاول مرة أخرى.',
    },
  },
  MEMBERSHIP_NOT_FOUND: {
    status: 404,
    message: {
      he: 'המנוי לא נמצא.',
      en: 'The membership was not found.',
      ru: 'Абонемент не найден.',
      ar: 'لم يتم العثور على الاشتراك.',
    },
  },
  CUSTOMER_NO_MOBILE: {
    status: 409,
    message: {
      he: 'אין מספר נייד רשום לחבר, ולכן לא ניתן לשלוח קוד.',
      en: 'The member has no mobile number, so no code can be sent.',
      ru: 'У участника нет мобильного номера, код отправить нельзя.',
      ar: 'لا يوجد رقم جوال مسجَّل للعضو، لذا لا يمكن إرسال رمز.',
    },
  },
  NO_VALID_MEMBER: {
    status: 404,
    message: {
      he: 'לא נמצא חבר תקף.',
      en: 'No valid member was found.',
      ru: 'Действующий участник не найден.',
      ar: 'لم يتم العثور على عضو صالح.',
    },
  },
  MEMBER_NOT_STARTED: {
    status: 409,
    message: {
      he: 'המנוי עדיין לא התחיל.',
      en: 'The membership has not started yet.',
      ru: 'Абонемент ещё не начал действовать.',
      ar: 'لم يبدأ الاشتراك بعد.',
    },
  },
  MEMBER_EXPIRED: {
    status: 409,
    message: {
      he: 'תוקף המנוי פג.',
      en: 'The membership has expired.',
      ru: 'Срок действия абонемента истёк.',
      ar: 'انتهت صلاحية الاشتراك.',
    },
  },
  NO_MEMBERSHIP_AVAILABLE: {
    status: 409,
    message: {
      he: 'אין מנוי זמין למכירת כרטיסי חברים.',
      en: 'No membership is available for member tickets.',
      ru: 'Нет абонемента, позволяющего купить билеты для участников.',
      ar: 'لا يوجد اشتراك متاح لتذاكر الأعضاء.',
    },
  },
  BALANCE_INSUFFICIENT: {
    status: 409,
    message: {
      he: 'היתרה במנוי אינה מספיקה.',
      en: 'The membership balance is insufficient.',
      ru: 'На абонементе недостаточно баланса.',
      ar: 'رصيد الاشتراك غير كافٍ.',
    },
  },
  MEMBER_NOT_VERIFIED: {
    status: 403,
    message: {
      he: 'כדי לקנות במחיר חבר יש להתחבר כחבר או לאמת קוד חד-פעמי.',
      en: 'To buy at the member price, log in as the member or confirm a one-time code.',
      ru: 'Чтобы купить по цене участника, войдите как участник или подтвердите одноразовый код.',
      ar: 'للشراء بسعر العضو، سجِّل الدخول كعضو أو أكِّد رمزًا لمرة واحدة.',
    },
  },
  MEMBERSHIPS_MAX_PER_ORDER: {
    status: 409,
    message: {
      he: 'ניתן לרכוש עד {max} מנויים בהזמנה.',
      en: 'At most {max} memberships can be bought in one order.',
      ru: 'В одном заказе можно купить не более {max} абонементов.',
      ar: 'يمكن شراء {max} اشتراكات كحد أقصى في الطلب الواحد.',
    },
  },
  REQUIRED_EVENT_MISSING: {
    status: 409,
    message: {
      he: 'יש לבחור את כל ההופעות שחובה במנוי.',
      en: 'Every required event of the membership must be chosen.',
      ru: 'Нужно выбрать все обязательные события абонемента.',
      ar: 'يجب اختيار كل الفعاليات الإلزامية في الاشتراك.',
    },
  },
  INVALID_CODE: {
    status: 404,
    message: {
      he: 'הקוד שגוי או שפג תוקפו.',
      en: 'The code is wrong or has expired.',
      ru: 'Код неверен или устарел.',
      ar: 'الرمز غير صحيح أو منتهي الصلاحية.',
    },
  },
});
export type MembershipErrorCode = keyof typeof MembershipErrors;
