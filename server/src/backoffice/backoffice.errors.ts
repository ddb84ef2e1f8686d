import { registerErrors } from '../common/app-error';

/** Back-office codes (the spec's back-office errors are "not shown": these are ours). */
export const BackOfficeErrors = registerErrors({
  STAFF_SIGN_IN_FAILED: {
    status: 401,
    message: {
      he: 'שם המשתמש, הסיסמה או הקוד מהאפליקציה שגויים.',
      en: 'The user name, password or authenticator code is wrong.',
      ru: 'Неверное имя пользователя, пароль или код из приложения.',
      ar: 'اسم المستخدم أو كلمة المرور أو رمز التطبيق غير صحيح.',
    },
  },
  STAFF_LOCKED: {
    status: 423,
    message: {
      he: 'החשבון ננעל לאחר ניסיונות כניסה שגויים. נסו שוב בעוד {minutes} דקות.',
      en: 'The account is locked after failed sign-ins. Try again in {minutes} minutes.',
      ru: 'Учётная запись заблокирована после неудачных попыток входа. Повторите через {minutes} мин.',
      ar: 'تم قفل الحساب بعد محاولات دخول فاشلة. حاول مرة أخرى بعد {minutes} دقيقة.',
    },
  },
  STAFF_NOT_SIGNED_IN: {
    status: 401,
    message: {
      he: 'יש להתחבר למערכת הניהול.',
      en: 'Please sign in to the back office.',
      ru: 'Войдите в систему управления.',
      ar: 'يرجى تسجيل الدخول إلى نظام الإدارة.',
    },
  },
  STAFF_PERMISSION_DENIED: {
    status: 403,
    message: {
      he: 'אין לך הרשאה לפעולה זו.',
      en: 'You do not have permission for this.',
      ru: 'У вас нет прав на это действие.',
      ar: 'ليست لديك صلاحية لهذا الإجراء.',
    },
  },
  STAFF_BUSINESS_SCOPE: {
    status: 403,
    message: {
      he: 'הנתונים שייכים לעסק שאינו באחריותך.',
      en: 'This belongs to a business you do not manage.',
      ru: 'Эти данные относятся к организации, которой вы не управляете.',
      ar: 'هذه البيانات تخص نشاطًا تجاريًا لا تديره.',
    },
  },
  LOCATION_NOT_FOUND: {
    status: 404,
    message: {
      he: 'המקום לא נמצא.',
      en: 'The venue was not found.',
      ru: 'Площадка не найдена.',
      ar: 'لم يتم العثور على المكان.',
    },
  },
  NO_CONTACT_FOR_RESERVATION: {
    status: 409,
    message: {
      he: 'להזמנה אין דוא"ל או טלפון נייד לשליחה.',
      en: 'The order has no e-mail or mobile number to send to.',
      ru: 'В заказе нет e-mail или мобильного номера для отправки.',
      ar: 'لا يحتوي الطلب على بريد إلكتروني أو رقم هاتف محمول للإرسال.',
    },
  },
  BOX_OFFICE_TOO_MANY_SEATS: {
    status: 400,
    message: {
      he: 'אפשר לנעול עד {max} מקומות בבת אחת.',
      en: 'At most {max} seats can be locked at once.',
      ru: 'За один раз можно заблокировать не более {max} мест.',
      ar: 'يمكن حجز {max} مقعدًا كحد أقصى في المرة الواحدة.',
    },
  },
  WALK_IN_CUSTOMER_INVALID: {
    status: 400,
    message: {
      he: 'יש להזין שם לקוח ומספר טלפון נייד ישראלי לשליחת הכרטיסים.',
      en: "Enter the customer's name and an Israeli mobile number for the tickets.",
      ru: 'Введите имя покупателя и израильский мобильный номер для отправки билетов.',
      ar: 'أدخل اسم الزبون ورقم هاتف محمول إسرائيلي لإرسال التذاكر.',
    },
  },
  BOX_OFFICE_TICKETS_ONLY: {
    status: 400,
    message: {
      he: 'בקופה נמכרים כאן כרטיסים למופעים בלבד.',
      en: 'The box office sells tickets to shows here, nothing else.',
      ru: 'Здесь касса продаёт только билеты на мероприятия.',
      ar: 'يبيع شباك التذاكر هنا تذاكر العروض فقط.',
    },
  },
  STAFF_REAUTH_FAILED: {
    status: 403,
    message: {
      he: 'הסיסמה שגויה.',
      en: 'The password is wrong.',
      ru: 'Неверный пароль.',
      ar: 'كلمة المرور غير صحيحة.',
    },
  },
  STAFF_ENROLMENT_CODE_WRONG: {
    status: 400,
    message: {
      he: 'הקוד אינו תואם לאפליקציה החדשה. סרקו שוב את הקוד והקלידו את הקוד העדכני.',
      en: 'The code does not match the new app. Scan the QR code again and type its current code.',
      ru: 'Код не совпадает с новым приложением. Отсканируйте QR-код ещё раз и введите текущий код.',
      ar: 'الرمز لا يطابق التطبيق الجديد. امسح رمز QR مرة أخرى وأدخل الرمز الحالي.',
    },
  },
  STAFF_ENROLMENT_EXPIRED: {
    status: 409,
    message: {
      he: 'תוקף ההחלפה פג. התחילו מחדש.',
      en: 'The replacement expired. Please start again.',
      ru: 'Срок замены истёк. Начните заново.',
      ar: 'انتهت صلاحية الاستبدال. يرجى البدء من جديد.',
    },
  },
  STAFF_NOT_FOUND: {
    status: 404,
    message: {
      he: 'איש הצוות לא נמצא.',
      en: 'The staff member was not found.',
      ru: 'Сотрудник не найден.',
      ar: 'لم يتم العثور على الموظف.',
    },
  },
  STAFF_USERNAME_TAKEN: {
    status: 409,
    message: {
      he: 'שם המשתמש {username} כבר תפוס. בחרו שם אחר.',
      en: 'The username {username} is taken. Choose another.',
      ru: 'Имя пользователя {username} уже занято. Выберите другое.',
      ar: 'اسم المستخدم {username} مستخدم بالفعل. اختاروا اسمًا آخر.',
    },
  },
  STAFF_GRANT_NOT_YOURS: {
    status: 403,
    message: {
      he: 'אפשר לתת רק הרשאות ועסקים שיש לכם, ולכל חשבון לפחות עסק אחד ({what}).',
      en: 'You can grant only permissions and businesses you hold, and every account needs a business ({what}).',
      ru: 'Можно выдавать только свои права и свои организации, и у каждой учётной записи должна быть организация ({what}).',
      ar: 'يمكنكم منح الصلاحيات والأعمال التي لديكم فقط، ولكل حساب عمل واحد على الأقل ({what}).',
    },
  },
  STAFF_OUT_OF_REACH: {
    status: 403,
    message: {
      he: 'לחשבון הזה יש הרשאות או עסקים שאין לכם, ולכן אי אפשר לשנות אותו מכאן.',
      en: 'This account holds permissions or businesses you do not, so you cannot change it.',
      ru: 'У этой учётной записи есть права или организации, которых нет у вас, поэтому изменить её нельзя.',
      ar: 'لهذا الحساب صلاحيات أو أعمال ليست لديكم، لذا لا يمكنكم تغييره.',
    },
  },
  STAFF_NOT_YOURSELF: {
    status: 409,
    message: {
      he: 'את ההרשאות, ההשבתה והאיפוס של החשבון שלכם משנה מישהו אחר.',
      en: 'Someone else changes your own permissions, or disables or resets your account.',
      ru: 'Ваши права, отключение и сброс вашей учётной записи меняет кто-то другой.',
      ar: 'يغيّر شخص آخر صلاحياتكم أو يعطّل حسابكم أو يعيد تعيينه.',
    },
  },
  STAFF_SETUP_LINK_INVALID: {
    status: 410,
    message: {
      he: 'קישור ההגדרה אינו תקף עוד. בקשו קישור חדש ממנהל המערכת.',
      en: 'This setup link is no longer valid. Ask your administrator for a new one.',
      ru: 'Ссылка для настройки больше не действует. Попросите администратора прислать новую.',
      ar: 'رابط الإعداد لم يعد صالحًا. اطلبوا رابطًا جديدًا من المسؤول.',
    },
  },
  STAFF_PASSWORD_WEAK: {
    status: 422,
    message: {
      he: 'הסיסמה צריכה להכיל לפחות 12 תווים ולא להכיל את שם המשתמש.',
      en: 'The password needs at least 12 characters and must not contain the username.',
      ru: 'Пароль должен быть не короче 12 символов и не содержать имя пользователя.',
      ar: 'يجب أن تتكون كلمة المرور من 12 حرفًا على الأقل وألا تحتوي على اسم المستخدم.',
    },
  },
});
