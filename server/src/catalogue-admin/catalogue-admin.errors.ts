import { AppError, interpolate, registerErrors } from '../common/app-error';
import type { OccupiedPlace, ReadinessProblem, SeatPlanProblem } from '@hotline/shared';
import type { Locale } from '../common/locale';
import { describePlanProblem, describeVenueIssue, type PublishProblem, type SeatmapIssue } from '@hotline/seatmaps';

/** Catalogue administration's refusals, in the four languages. */
export const CatalogueAdminErrors = registerErrors({
  VENUE_NOT_FOUND: {
    status: 404,
    message: {
      he: 'האולם לא נמצא.',
      en: 'The venue was not found.',
      ru: 'Зал не найден.',
      ar: 'لم يتم العثور على القاعة.',
    },
  },
  VENUE_CODE_TAKEN: {
    status: 409,
    message: {
      he: 'הקוד {code} כבר בשימוש. בחרו קוד אחר.',
      en: 'The code {code} is already in use. Choose another.',
      ru: 'Код {code} уже используется. Выберите другой.',
      ar: 'الرمز {code} مستخدم بالفعل. اختاروا رمزًا آخر.',
    },
  },
  SEAT_PLAN_NOT_FOUND: {
    status: 404,
    message: {
      he: 'מפת המושבים לא נמצאה.',
      en: 'The seat plan was not found.',
      ru: 'Схема зала не найдена.',
      ar: 'لم يتم العثور على مخطط المقاعد.',
    },
  },
  SEAT_PLAN_INVALID: {
    status: 422,
    message: {
      he: 'נמצאו בעיות במפת המושבים: {count}. הראשונה: {first}',
      en: 'Problems found in the seat plan: {count}. The first: {first}',
      ru: 'В схеме зала найдены проблемы: {count}. Первая: {first}',
      ar: 'وُجدت مشكلات في مخطط المقاعد: {count}. الأولى: {first}',
    },
  },
  SEAT_PLAN_NOT_PUBLISHABLE: {
    status: 422,
    message: {
      he: 'לא ניתן לפרסם את מפת המושבים: יש בה {count} בעיות. הראשונה: {first}',
      en: 'The seat plan cannot be published: it has {count} problems. The first: {first}',
      ru: 'Схему зала нельзя опубликовать: в ней проблем: {count}. Первая: {first}',
      ar: 'لا يمكن نشر مخطط المقاعد: فيه {count} مشكلات. الأولى: {first}',
    },
  },
  SEAT_PLAN_TOO_LARGE: {
    status: 413,
    message: {
      he: 'מפת מושבים יכולה להכיל עד {max} מושבים; בזו יש {count}.',
      en: 'A seat plan may have at most {max} seats; this one has {count}.',
      ru: 'В схеме может быть не больше {max} мест; в этой {count}.',
      ar: 'يمكن أن يضم مخطط المقاعد {max} مقعدًا على الأكثر؛ في هذا المخطط {count}.',
    },
  },
  SEAT_PLAN_PUBLISHED: {
    status: 409,
    message: {
      he: 'גרסה זו פורסמה ולא ניתן עוד לשנותה. העלו גרסה חדשה.',
      en: 'This version is published and can no longer change. Upload a new version.',
      ru: 'Эта версия опубликована и больше не меняется. Загрузите новую версию.',
      ar: 'تم نشر هذا الإصدار ولم يعد من الممكن تغييره. ارفعوا إصدارًا جديدًا.',
    },
  },
  SEAT_PLAN_DRAFT: {
    status: 409,
    message: {
      he: 'מפת המושבים היא עדיין טיוטה. פרסמו אותה לפני שמוכרים בה מועדים.',
      en: 'The seat plan is still a draft. Publish it before dates sell it.',
      ru: 'Схема зала ещё черновик. Опубликуйте её, прежде чем продавать на ней даты.',
      ar: 'مخطط المقاعد لا يزال مسودة. انشروه قبل أن تُباع عليه مواعيد.',
    },
  },
  VOD_NEEDS_GENERAL_ADMISSION: {
    status: 422,
    message: {
      he: 'מועד לצפייה מקוונת נמכר על מפה של כניסה חופשית בלבד (ללא מושבים ממוספרים). בחרו מפה כזו.',
      en: 'An online date is sold on a plan of general admission only (no numbered seats). Choose such a plan.',
      ru: 'Онлайн-сеанс продаётся только на схеме со свободной рассадкой (без нумерованных мест). Выберите такую схему.',
      ar: 'يُباع الموعد عبر الإنترنت على مخطط دخول عام فقط (بلا مقاعد مرقمة). اختر مخططًا كهذا.',
    },
  },
  WATCHING_CHANGE_AFTER_SALES: {
    status: 409,
    message: {
      he: 'למועד כבר נמכרו או הוזמנו {count} כרטיסים, ולכן אי אפשר להעביר אותו בין האולם לצפייה מקוונת: הקונים קנו את מה שקנו. בטלו את המועד וצרו אותו מחדש.',
      en: 'This date already has {count} tickets sold or held, so it cannot move between the hall and online: buyers keep what they bought. Cancel the date and create it again.',
      ru: 'На эту дату уже продано или отложено билетов: {count}, поэтому её нельзя перевести между залом и онлайном: покупатели сохраняют купленное. Отмените дату и создайте её заново.',
      ar: 'لهذا الموعد {count} تذاكر مبيعة أو محجوزة، لذا لا يمكن نقله بين القاعة والمشاهدة عبر الإنترنت: يحتفظ المشترون بما اشتروه. ألغِ الموعد وأنشئه من جديد.',
    },
  },
  SET_ASIDE_SEAT_NOT_IN_PLAN: {
    status: 422,
    message: {
      he: 'מושבים שאינם במפת המושבים של המועד: {count}. לא נשמר דבר.',
      en: 'Seats that are not on the date’s seat plan: {count}. Nothing was saved.',
      ru: 'Места, которых нет в схеме зала этой даты: {count}. Ничего не сохранено.',
      ar: 'مقاعد ليست في مخطط مقاعد هذا الموعد: {count}. لم يُحفظ شيء.',
    },
  },
  SET_ASIDE_SEATS_TAKEN: {
    status: 409,
    message: {
      he: 'מושבים שכבר נמכרו, מוחזקים או שמורים להקצאה אחרת: {count}. לא נשמר דבר.',
      en: 'Seats already sold, held or set aside for another allocation: {count}. Nothing was saved.',
      ru: 'Места уже проданы, отложены или зарезервированы для другого распределения: {count}. Ничего не сохранено.',
      ar: 'مقاعد بيعت أو حُجزت أو خُصّصت لتخصيص آخر: {count}. لم يُحفظ شيء.',
    },
  },
  ZONE_NOT_IN_PLAN: {
    status: 422,
    message: {
      he: 'האזור {zoneId} אינו חלק ממפת המושבים הזו, או שהוא מופיע פעמיים.',
      en: 'Zone {zoneId} is not a zone of this seat plan, or is listed twice.',
      ru: 'Зона {zoneId} не входит в эту схему зала или указана дважды.',
      ar: 'المنطقة {zoneId} ليست من مناطق مخطط المقاعد هذا، أو مذكورة مرتين.',
    },
  },
  TICKET_NOT_OF_DATE: {
    status: 422,
    message: {
      he: 'הכרטיס {ticketId} אינו מכרטיסי המועד הזה, או שהוא מופיע פעמיים.',
      en: "Ticket {ticketId} is not one of this date's tickets, or is listed twice.",
      ru: 'Билет {ticketId} не относится к этой дате или указан дважды.',
      ar: 'التذكرة {ticketId} ليست من تذاكر هذا الموعد، أو مذكورة مرتين.',
    },
  },
  DATE_NOT_REAL: {
    status: 422,
    message: {
      he: 'התאריך {date} אינו קיים בלוח השנה.',
      en: 'The date {date} does not exist in the calendar.',
      ru: 'Даты {date} нет в календаре.',
      ar: 'التاريخ {date} غير موجود في التقويم.',
    },
  },
  DATE_IN_PAST: {
    status: 422,
    message: {
      he: 'המועד {date} {time} כבר עבר.',
      en: 'The date {date} {time} has already passed.',
      ru: 'Дата {date} {time} уже прошла.',
      ar: 'الموعد {date} {time} قد مضى بالفعل.',
    },
  },
  SCHEDULE_OVERLAP: {
    status: 409,
    message: {
      he: 'המועד {date} {time} חופף למועד אחר באולם ({otherDate} {otherTime}).',
      en: 'The date {date} {time} overlaps another date in the hall ({otherDate} {otherTime}).',
      ru: 'Дата {date} {time} пересекается с другой датой в зале ({otherDate} {otherTime}).',
      ar: 'الموعد {date} {time} يتداخل مع موعد آخر في القاعة ({otherDate} {otherTime}).',
    },
  },
  PRESENTATION_PUBLISHED: {
    status: 409,
    message: {
      he: 'המועד פורסם ונמכר; אי אפשר לשנות אותו כאן.',
      en: 'This date is published and on sale; it cannot be changed here.',
      ru: 'Эта дата опубликована и продаётся; здесь её изменить нельзя.',
      ar: 'هذا الموعد منشور ومعروض للبيع؛ لا يمكن تغييره هنا.',
    },
  },
  PRESENTATION_CANCELLED: {
    status: 409,
    message: {
      he: 'המועד בוטל; אי אפשר עוד לשנות אותו או לפרסם אותו.',
      en: 'This date is cancelled; it can no longer be changed or published.',
      ru: 'Эта дата отменена; её больше нельзя изменить или опубликовать.',
      ar: 'هذا الموعد ملغى؛ لم يعد من الممكن تغييره أو نشره.',
    },
  },
  ROTATING_CODE_LOCKED: {
    status: 409,
    message: {
      he: 'הדלתות של המועד כבר נפתחו או שכבר נסרקו כרטיסים; אי אפשר עוד להפעיל או לכבות את הקוד המתחלף.',
      en: 'The doors of this date have opened or tickets have been scanned; the rotating code can no longer be switched on or off.',
      ru: 'Двери на эту дату уже открыты или билеты уже сканировались; сменяющийся код больше нельзя включить или выключить.',
      ar: 'فُتحت أبواب هذا الموعد أو مُسحت تذاكر بالفعل؛ لم يعد من الممكن تشغيل الرمز المتغير أو إيقافه.',
    },
  },
  PRESENTATION_NOT_READY: {
    status: 409,
    message: {
      he: 'עוד לא ניתן לפרסם את המועד: {first}',
      en: 'The date cannot be published yet: {first}',
      ru: 'Дату пока нельзя опубликовать: {first}',
      ar: 'لا يمكن نشر الموعد بعد: {first}',
    },
  },
  ZONE_NOT_PRICED: {
    status: 422,
    message: {
      he: 'למועד אין מחיר באזור {zoneId}. תנו לאזור מחיר לפני שמוסיפים לו קופון.',
      en: 'The date has no price in zone {zoneId}. Price the zone before adding a coupon to it.',
      ru: 'У даты нет цены в зоне {zoneId}. Задайте цену зоны, прежде чем добавлять к ней купон.',
      ar: 'لا سعر للموعد في المنطقة {zoneId}. حدّدوا سعرًا للمنطقة قبل إضافة قسيمة إليها.',
    },
  },
  COUPON_CODE_TAKEN: {
    status: 409,
    message: {
      he: 'לקופון אחר במועד הזה כבר יש את הקוד {code}.',
      en: 'Another coupon of this date already has the code {code}.',
      ru: 'У другого купона этой даты уже есть код {code}.',
      ar: 'لقسيمة أخرى في هذا الموعد الرمز {code} بالفعل.',
    },
  },
  PRODUCT_DATE_ELSEWHERE: {
    status: 422,
    message: {
      he: 'המועד {presentationId} אינו של האירוע הזה באולם הזה.',
      en: 'Date {presentationId} is not of this event at this venue.',
      ru: 'Дата {presentationId} не относится к этому событию в этом зале.',
      ar: 'الموعد {presentationId} ليس لهذه الفعالية في هذه القاعة.',
    },
  },
  PRODUCT_EVENT_ELSEWHERE: {
    status: 422,
    message: {
      he: 'האירוע {featureId} אינו של העסק שהאולם שייך אליו.',
      en: "Event {featureId} is not of the venue's business.",
      ru: 'Событие {featureId} не относится к организации этого зала.',
      ar: 'الفعالية {featureId} ليست تابعة لجهة القاعة.',
    },
  },
  SEAT_PLAN_SEATS_MISSING: {
    status: 409,
    message: {
      he: 'לא ניתן להעביר את המועד לגרסה הזו: {count} מקומות שנמכרו, הוזמנו או נמצאים בסל של קונה אינם קיימים בה. {first}',
      en: 'The date cannot move to this version: {count} places sold, held or in a buyer’s cart do not exist in it. {first}',
      ru: 'Дату нельзя перенести на эту версию: мест, проданных, отложенных или в корзине покупателя, которых в ней нет: {count}. {first}',
      ar: 'لا يمكن نقل الموعد إلى هذه النسخة: {count} أماكن مبيعة أو محجوزة أو في سلة مشترٍ غير موجودة فيها. {first}',
    },
  },
  SEAT_PLAN_NOT_A_VERSION: {
    status: 422,
    message: {
      he: 'מפת המושבים {seatPlanId} אינה גרסה של המפה של המועד (אותו אולם, אותו קוד).',
      en: "Seat plan {seatPlanId} is not a version of the date's plan (the same venue, the same code).",
      ru: 'Схема {seatPlanId} не является версией схемы этой даты (тот же зал, тот же код).',
      ar: 'مخطط المقاعد {seatPlanId} ليس نسخة من مخطط هذا الموعد (القاعة نفسها، الرمز نفسه).',
    },
  },
  SEAT_PLAN_UNCHANGED: {
    status: 409,
    message: {
      he: 'המועד כבר נמכר על גרסה זו של המפה.',
      en: 'The date already sells this version of the plan.',
      ru: 'Дата уже продаётся по этой версии схемы.',
      ar: 'الموعد يُباع بالفعل على هذه النسخة من المخطط.',
    },
  },
  ZONES_NOT_IN_NEW_PLAN: {
    status: 422,
    message: {
      he: 'למועד יש מחירים לאזורים שאינם בגרסה החדשה: {codes}. שנו את מחירי המועד או את המפה.',
      en: 'The date has prices for zones the new version does not have: {codes}. Change the prices or the plan.',
      ru: 'У даты есть цены для зон, которых нет в новой версии: {codes}. Измените цены или схему.',
      ar: 'للموعد أسعار لمناطق غير موجودة في النسخة الجديدة: {codes}. غيّروا الأسعار أو المخطط.',
    },
  },
  UPLOAD_TYPE_NOT_ALLOWED: {
    status: 415,
    message: {
      he: 'סוג התוכן הזה מתקבל רק בהעלאת מפת מושבים או תמונה.',
      en: 'This content type is accepted only for a seat-plan or image upload.',
      ru: 'Этот тип содержимого принимается только при загрузке схемы зала или изображения.',
      ar: 'يُقبل نوع المحتوى هذا فقط عند رفع مخطط مقاعد أو صورة.',
    },
  },
  UPLOAD_ENCODING_NOT_ALLOWED: {
    status: 415,
    message: {
      he: 'מפת מושבים נשלחת כפי שהיא או דחוסה ב-gzip בלבד.',
      en: 'A seat plan is sent as it is or compressed with gzip only.',
      ru: 'Схема зала отправляется как есть или сжатой только gzip.',
      ar: 'يُرسل مخطط المقاعد كما هو أو مضغوطًا بـ gzip فقط.',
    },
  },
  IMAGE_EMPTY: {
    status: 422,
    message: {
      he: 'הקובץ ריק.',
      en: 'The file is empty.',
      ru: 'Файл пуст.',
      ar: 'الملف فارغ.',
    },
  },
  IMAGE_TOO_LARGE: {
    status: 413,
    message: {
      he: 'תמונה יכולה להיות עד {max} MB.',
      en: 'An image may be at most {max} MB.',
      ru: 'Изображение может быть не больше {max} МБ.',
      ar: 'يمكن أن تكون الصورة {max} ميغابايت على الأكثر.',
    },
  },
  IMAGE_TYPE_NOT_ALLOWED: {
    status: 415,
    message: {
      he: 'אפשר להעלות רק תמונות JPEG,‏ PNG או WebP.',
      en: 'Only JPEG, PNG or WebP images can be uploaded.',
      ru: 'Можно загрузить только изображения JPEG, PNG или WebP.',
      ar: 'يمكن رفع صور JPEG أو PNG أو WebP فقط.',
    },
  },
  IMAGE_TYPE_MISMATCH: {
    status: 415,
    message: {
      he: 'תוכן הקובץ הוא {actual}, אבל הוא נשלח כ־{declared}. שמרו אותו עם הסיומת הנכונה והעלו שוב.',
      en: 'The file is a {actual} image but was sent as {declared}. Save it with the right extension and upload it again.',
      ru: 'Файл является изображением {actual}, но отправлен как {declared}. Сохраните его с правильным расширением и загрузите снова.',
      ar: 'الملف صورة {actual} لكنه أُرسل على أنه {declared}. احفظوه بالامتداد الصحيح وارفعوه مجددًا.',
    },
  },
  IMAGE_UNREADABLE: {
    status: 422,
    message: {
      he: 'לא ניתן לקרוא את התמונה: הכותרת שלה פגומה.',
      en: 'The image cannot be read: its header is damaged.',
      ru: 'Не удаётся прочитать изображение: его заголовок повреждён.',
      ar: 'تعذّرت قراءة الصورة: ترويستها تالفة.',
    },
  },
  IMAGE_DIMENSIONS: {
    status: 422,
    message: {
      he: 'גודל התמונה {width}×{height} פיקסלים; כל צלע צריכה להיות בין {min} ל־{max}.',
      en: 'The image is {width}×{height} pixels; each side must be between {min} and {max}.',
      ru: 'Размер изображения {width}×{height} пикселей; каждая сторона должна быть от {min} до {max}.',
      ar: 'أبعاد الصورة {width}×{height} بكسل؛ يجب أن يكون كل ضلع بين {min} و{max}.',
    },
  },
});

/** A set-aside change refused for these seats (not on the plan, or taken): the answer lists them. */
export class SetAsideSeatsError extends AppError {
  constructor(
    code: 'SET_ASIDE_SEAT_NOT_IN_PLAN' | 'SET_ASIDE_SEATS_TAKEN',
    readonly seats: { sectionId: number; x: number; y: number }[],
  ) {
    super(code, { count: seats.length });
  }

  override extraBody(): Record<string, unknown> {
    return { seats: this.seats };
  }
}

/**
 * SEAT_PLAN_INVALID with every problem found (at most 50), each at its JSON pointer in the uploaded file, with its code
 * and a sentence in the reader's language.
 */
export class SeatPlanInvalidError extends AppError {
  constructor(readonly issues: SeatmapIssue[]) {
    super('SEAT_PLAN_INVALID', { count: issues.length });
  }

  override translate(locale: Locale): string {
    const first = this.issues[0] ? `${this.issues[0].path}: ${describeVenueIssue(this.issues[0], locale)}` : '';
    return interpolate(super.translate(locale), { first });
  }

  override extraBody(locale: Locale = 'he'): Record<string, unknown> {
    const problems: SeatPlanProblem[] = this.issues.map((i) => ({
      path: i.path,
      message: describeVenueIssue(i, locale),
      code: i.code,
    }));
    return { problems };
  }
}

/**
 * SEAT_PLAN_NOT_PUBLISHABLE with what the designer's check found (duplicate labels, overlapping seats, seats outside
 * their section, unlabeled seats and rows, zones without seats...): each problem with its code, JSON pointer, place
 * on the plan and a sentence in the reader's language.
 */
export class SeatPlanNotPublishableError extends AppError {
  constructor(readonly problems: PublishProblem[]) {
    super('SEAT_PLAN_NOT_PUBLISHABLE', { count: problems.length });
  }

  override translate(locale: Locale): string {
    const first = this.problems[0] ? describePlanProblem(this.problems[0], locale) : '';
    return interpolate(super.translate(locale), { first });
  }

  override extraBody(locale: Locale = 'he'): Record<string, unknown> {
    const problems: SeatPlanProblem[] = this.problems.map((p) => ({
      path: p.path,
      message: describePlanProblem(p, locale),
      code: p.code,
      at: p.at,
    }));
    return { problems };
  }
}

/** What stops a date from being published, in the person's words (the problems listed by kind for the screen). */
const READINESS_TEXT = {
  'in-the-past': {
    he: 'מועד ההתחלה כבר עבר.',
    en: 'its start has already passed.',
    ru: 'время начала уже прошло.',
    ar: 'موعد البدء قد مضى.',
  },
  'zone-without-price': {
    he: 'לאזור „{zone}” יש מקומות ואין לו מחיר.',
    en: 'zone “{zone}” has places and no price.',
    ru: 'у зоны «{zone}» есть места, но нет цены.',
    ar: 'المنطقة «{zone}» فيها أماكن ولا سعر لها.',
  },
} as const;

/** PRESENTATION_NOT_READY with every problem (its kind and zone) and the first one in the sentence. */
export class PresentationNotReadyError extends AppError {
  /** `zoneName` names a zone in the reader's language (zones have Hebrew and English names: English otherwise). */
  constructor(
    readonly problems: ReadinessProblem[],
    private readonly zoneName: (zoneId: number, locale: Locale) => string,
  ) {
    super('PRESENTATION_NOT_READY');
  }

  override translate(locale: Locale): string {
    const p = this.problems[0];
    const zone = p?.kind === 'zone-without-price' ? this.zoneName(p.zoneId, locale) : '';
    const first = p ? interpolate(READINESS_TEXT[p.kind][locale], { zone }) : '';
    return interpolate(super.translate(locale), { first });
  }

  override extraBody(): Record<string, unknown> {
    return { problems: this.problems };
  }
}

/** A missing place in the reader's words: its section, row and seat, and whether it is sold, held or in a cart. */
const PLACE_TEXT = {
  seat: {
    he: 'אזור {section}, שורה {row}, כיסא {seat} ({kind})',
    en: 'section {section}, row {row}, seat {seat} ({kind})',
    ru: 'секция {section}, ряд {row}, место {seat} ({kind})',
    ar: 'القسم {section}، الصف {row}، المقعد {seat} ({kind})',
  },
  standing: {
    he: 'אזור {section}, מקום עמידה {seat} ({kind})',
    en: 'section {section}, standing place {seat} ({kind})',
    ru: 'секция {section}, стоячее место {seat} ({kind})',
    ar: 'القسم {section}، مكان وقوف {seat} ({kind})',
  },
  sold: { he: 'נמכר', en: 'sold', ru: 'продано', ar: 'مُباع' },
  held: { he: 'בהזמנה שמורה', en: 'held', ru: 'отложено', ar: 'محجوز' },
  locked: { he: 'בסל של קונה', en: 'in a cart', ru: 'в корзине', ar: 'في سلة' },
} as const;

/** How many missing places the sentence names (the list in `missing` has them all). */
const NAMED_IN_SENTENCE = 5;

/**
 * SEAT_PLAN_SEATS_MISSING with every place someone has that the new version lacks: section code, row, seat and kind,
 * each with its words in the reader's language; the sentence names the first few.
 */
export class SeatPlanSeatsMissingError extends AppError {
  constructor(readonly missing: OccupiedPlace[]) {
    super('SEAT_PLAN_SEATS_MISSING', { count: missing.length });
  }

  private label(p: OccupiedPlace, locale: Locale): string {
    const text = p.row === null ? PLACE_TEXT.standing : PLACE_TEXT.seat;
    return interpolate(text[locale], {
      section: p.sectionCode,
      row: p.row ?? '',
      seat: p.seat,
      kind: PLACE_TEXT[p.kind][locale],
    });
  }

  override translate(locale: Locale): string {
    const named = this.missing.slice(0, NAMED_IN_SENTENCE).map((p) => this.label(p, locale));
    const more = this.missing.length > NAMED_IN_SENTENCE ? ' …' : '';
    return interpolate(super.translate(locale), { first: named.join('; ') + more });
  }

  override extraBody(locale: Locale = 'he'): Record<string, unknown> {
    return {
      missing: this.missing.map((p) => ({
        section: p.sectionCode,
        row: p.row,
        seat: p.seat,
        kind: p.kind,
        label: this.label(p, locale),
      })),
    };
  }
}

export { StaleRevisionError } from '../common/stale-revision-error';
