/**
 * The venue format's problems (validateVenue) in words, in the product's four languages. One table for both ends: the
 * back office lists a chosen file's problems before it is uploaded, and the server says the same sentences when it
 * refuses an upload. The English sentences are the validator's own messages (the CLI and the tests read them).
 * Technical words of the format (property names, JSON types, "xOffsetPercent") stay as they are written in the file.
 */
import type { ProblemLocale } from './designer/problem-text';

/** Every problem the venue format's check can report. */
export const VENUE_ISSUE_CODES = [
  'INVALID_JSON',
  'SCHEMA_UNKNOWN_PROPERTY',
  'SCHEMA_MISSING_PROPERTY',
  'SCHEMA_CONST',
  'SCHEMA_ENUM',
  'SCHEMA_TYPE',
  'SCHEMA_MINIMUM',
  'SCHEMA_MAXIMUM',
  'SCHEMA_EXCLUSIVE_MINIMUM',
  'SCHEMA_EXCLUSIVE_MAXIMUM',
  'SCHEMA_MIN_ITEMS',
  'SCHEMA_MAX_ITEMS',
  'SCHEMA_MIN_LENGTH',
  'SCHEMA_MAX_LENGTH',
  'SCHEMA_PATTERN',
  'SCHEMA_UNIQUE_ITEMS',
  'SCHEMA_ANY_OF',
  'SCHEMA_INVALID',
  'PLAN_NOT_FINITE',
  'STAGE_OUTSIDE_PLAN',
  'FOCAL_POINT_OUTSIDE_PLAN',
  'DUPLICATE_ZONE_CODE',
  'DUPLICATE_SECTION_CODE',
  'BOX_NOT_FINITE',
  'BOX_OUTSIDE_PLAN',
  'OUTLINE_OUTSIDE_PLAN',
  'RESERVED_CAPACITY_NOT_NULL',
  'RESERVED_ZONE_NOT_NULL',
  'RESERVED_NO_SEATS',
  'GA_CAPACITY_MISSING',
  'GA_ZONE_MISSING',
  'UNKNOWN_ZONE',
  'GA_HAS_SEATS',
  'DUPLICATE_GROUP_CODE',
  'SEAT_NOT_FINITE',
  'DUPLICATE_SEAT_POSITION',
  'DUPLICATE_SEAT_NAME',
  'UNKNOWN_FEATURE',
  'SEAT_PAST_RIGHT_EDGE',
  'SEAT_PAST_BOTTOM_EDGE',
  'TOGETHER_NOT_COUCH',
  'TOGETHER_SPANS_ROWS',
  'TOGETHER_ALONE',
  'BACKGROUND_PATH_TOO_LONG',
  'BACKGROUND_SOURCE',
  'BACKGROUND_TYPE',
  'BACKGROUND_TOO_LARGE',
  'BACKGROUND_NOT_BASE64',
  'BACKGROUND_BYTES',
] as const;

export type VenueIssueCode = (typeof VENUE_ISSUE_CODES)[number];

/** A problem's code and the values its sentence names (all strings, as written in the file). */
export interface VenueIssueFacts {
  code: VenueIssueCode;
  params: Record<string, string>;
}

/** {name}s are filled from the issue's params. */
export const VENUE_ISSUE_TEXT: Record<VenueIssueCode, Record<ProblemLocale, string>> = {
  INVALID_JSON: {
    he: 'הקובץ אינו JSON תקין: {detail}',
    en: 'invalid JSON: {detail}',
    ru: 'файл не является корректным JSON: {detail}',
    ar: 'الملف ليس JSON صالحًا: {detail}',
  },
  SCHEMA_UNKNOWN_PROPERTY: {
    he: 'שדה לא מוכר "{property}"',
    en: 'unknown property "{property}"',
    ru: 'неизвестное поле "{property}"',
    ar: 'حقل غير معروف "{property}"',
  },
  SCHEMA_MISSING_PROPERTY: {
    he: 'חסר השדה החובה "{property}"',
    en: 'missing required property "{property}"',
    ru: 'отсутствует обязательное поле "{property}"',
    ar: 'الحقل الإلزامي "{property}" مفقود',
  },
  SCHEMA_CONST: {
    he: 'הערך חייב להיות {allowed}',
    en: 'must be equal to constant: {allowed}',
    ru: 'значение должно быть {allowed}',
    ar: 'يجب أن تكون القيمة {allowed}',
  },
  SCHEMA_ENUM: {
    he: 'הערך חייב להיות אחד מאלה: {allowed}',
    en: 'must be equal to one of the allowed values: {allowed}',
    ru: 'значение должно быть одним из: {allowed}',
    ar: 'يجب أن تكون القيمة إحدى هذه: {allowed}',
  },
  SCHEMA_TYPE: {
    he: 'הערך חייב להיות מסוג {type}',
    en: 'must be {type}',
    ru: 'значение должно иметь тип {type}',
    ar: 'يجب أن تكون القيمة من النوع {type}',
  },
  SCHEMA_MINIMUM: {
    he: 'הערך חייב להיות לפחות {limit}',
    en: 'must be >= {limit}',
    ru: 'значение должно быть не меньше {limit}',
    ar: 'يجب ألا تقل القيمة عن {limit}',
  },
  SCHEMA_MAXIMUM: {
    he: 'הערך חייב להיות לכל היותר {limit}',
    en: 'must be <= {limit}',
    ru: 'значение должно быть не больше {limit}',
    ar: 'يجب ألا تزيد القيمة على {limit}',
  },
  SCHEMA_EXCLUSIVE_MINIMUM: {
    he: 'הערך חייב להיות גדול מ־{limit}',
    en: 'must be > {limit}',
    ru: 'значение должно быть больше {limit}',
    ar: 'يجب أن تكون القيمة أكبر من {limit}',
  },
  SCHEMA_EXCLUSIVE_MAXIMUM: {
    he: 'הערך חייב להיות קטן מ־{limit}',
    en: 'must be < {limit}',
    ru: 'значение должно быть меньше {limit}',
    ar: 'يجب أن تكون القيمة أصغر من {limit}',
  },
  SCHEMA_MIN_ITEMS: {
    he: 'הרשימה צריכה לכלול לפחות {limit} פריטים',
    en: 'must NOT have fewer than {limit} items',
    ru: 'в списке должно быть не меньше {limit} элементов',
    ar: 'يجب ألا تقل عناصر القائمة عن {limit}',
  },
  SCHEMA_MAX_ITEMS: {
    he: 'הרשימה יכולה לכלול לכל היותר {limit} פריטים',
    en: 'must NOT have more than {limit} items',
    ru: 'в списке должно быть не больше {limit} элементов',
    ar: 'يجب ألا تزيد عناصر القائمة على {limit}',
  },
  SCHEMA_MIN_LENGTH: {
    he: 'הטקסט צריך להכיל לפחות {limit} תווים',
    en: 'must NOT have fewer than {limit} characters',
    ru: 'текст должен содержать не меньше {limit} символов',
    ar: 'يجب ألا يقل النص عن {limit} حرفًا',
  },
  SCHEMA_MAX_LENGTH: {
    he: 'הטקסט יכול להכיל לכל היותר {limit} תווים',
    en: 'must NOT have more than {limit} characters',
    ru: 'текст должен содержать не больше {limit} символов',
    ar: 'يجب ألا يزيد النص على {limit} حرفًا',
  },
  SCHEMA_PATTERN: {
    he: 'הערך אינו בתבנית הנדרשת "{pattern}"',
    en: 'must match pattern "{pattern}"',
    ru: 'значение не соответствует шаблону "{pattern}"',
    ar: 'القيمة لا تطابق النمط "{pattern}"',
  },
  SCHEMA_UNIQUE_ITEMS: {
    he: 'ברשימה יש פריטים כפולים (פריטים {j} ו־{i} זהים)',
    en: 'must NOT have duplicate items (items {j} and {i} are identical)',
    ru: 'в списке есть повторы (элементы {j} и {i} совпадают)',
    ar: 'في القائمة عناصر مكررة (العنصران {j} و{i} متطابقان)',
  },
  SCHEMA_ANY_OF: {
    he: 'הערך אינו מתאים לאף אחת מהצורות המותרות',
    en: 'must match a schema in anyOf',
    ru: 'значение не подходит ни под одну из допустимых форм',
    ar: 'القيمة لا تطابق أيًا من الأشكال المسموح بها',
  },
  SCHEMA_INVALID: {
    he: 'הערך אינו תקין ({detail})',
    en: '{detail}',
    ru: 'недопустимое значение ({detail})',
    ar: 'القيمة غير صالحة ({detail})',
  },
  PLAN_NOT_FINITE: {
    he: 'רוחב המפה וגובהה חייבים להיות מספרים סופיים',
    en: 'plan width and height must be finite',
    ru: 'ширина и высота плана должны быть конечными числами',
    ar: 'يجب أن يكون عرض المخطط وارتفاعه عددين محدودين',
  },
  STAGE_OUTSIDE_PLAN: {
    he: 'הבמה חורגת מגבולות המפה ({width} x {height})',
    en: 'stage lies outside the {width} x {height} plan',
    ru: 'сцена выходит за пределы плана {width} x {height}',
    ar: 'المسرح يقع خارج المخطط {width} x {height}',
  },
  FOCAL_POINT_OUTSIDE_PLAN: {
    he: 'נקודת המוקד חורגת מגבולות המפה ({width} x {height})',
    en: 'focal point lies outside the {width} x {height} plan',
    ru: 'точка фокуса выходит за пределы плана {width} x {height}',
    ar: 'نقطة التركيز تقع خارج المخطط {width} x {height}',
  },
  DUPLICATE_ZONE_CODE: {
    he: 'קוד אזור המחיר "{code}" מופיע יותר מפעם אחת',
    en: 'duplicate zone code "{code}"',
    ru: 'код ценовой зоны "{code}" повторяется',
    ar: 'رمز منطقة السعر "{code}" مكرر',
  },
  DUPLICATE_SECTION_CODE: {
    he: 'קוד האזור "{code}" מופיע יותר מפעם אחת',
    en: 'duplicate section code "{code}"',
    ru: 'код сектора "{code}" повторяется',
    ar: 'رمز القسم "{code}" مكرر',
  },
  BOX_NOT_FINITE: {
    he: 'מספרי המלבן של האזור חייבים להיות סופיים',
    en: 'box numbers must be finite',
    ru: 'числа прямоугольника сектора должны быть конечными',
    ar: 'يجب أن تكون أرقام مستطيل القسم محدودة',
  },
  BOX_OUTSIDE_PLAN: {
    he: 'מלבן האזור (אחרי הסיבוב) חורג מגבולות המפה ({width} x {height})',
    en: 'section box (after rotation) lies outside the {width} x {height} plan',
    ru: 'прямоугольник сектора (после поворота) выходит за пределы плана {width} x {height}',
    ar: 'مستطيل القسم (بعد التدوير) يقع خارج المخطط {width} x {height}',
  },
  OUTLINE_OUTSIDE_PLAN: {
    he: 'נקודת קו המתאר ({x}, {y}) חורגת מגבולות המפה',
    en: 'outline point ({x}, {y}) lies outside the plan',
    ru: 'точка контура ({x}, {y}) выходит за пределы плана',
    ar: 'نقطة المخطط الخارجي ({x}، {y}) تقع خارج المخطط',
  },
  RESERVED_CAPACITY_NOT_NULL: {
    he: 'באזור עם מקומות מסומנים הקיבולת חייבת להיות null (המושבים הם הקיבולת)',
    en: 'reserved section must have capacity null (its seats are its capacity)',
    ru: 'у сектора с нумерованными местами capacity должно быть null (вместимость задают места)',
    ar: 'القسم ذو المقاعد المرقمة يجب أن تكون سعته null (مقاعده هي سعته)',
  },
  RESERVED_ZONE_NOT_NULL: {
    he: 'באזור עם מקומות מסומנים אזור המחיר חייב להיות null (כל מושב מציין את אזורו)',
    en: 'reserved section must have zone null (each seat names its zone)',
    ru: 'у сектора с нумерованными местами zone должно быть null (зону задаёт каждое место)',
    ar: 'القسم ذو المقاعد المرقمة يجب أن تكون منطقته null (كل مقعد يحدد منطقته)',
  },
  RESERVED_NO_SEATS: {
    he: 'באזור עם מקומות מסומנים אין מושבים',
    en: 'reserved section has no seats',
    ru: 'в секторе с нумерованными местами нет мест',
    ar: 'القسم ذو المقاعد المرقمة ليس فيه مقاعد',
  },
  GA_CAPACITY_MISSING: {
    he: 'אזור ללא מקומות מסומנים צריך קיבולת גדולה מ־0',
    en: 'general-admission section needs a capacity > 0',
    ru: 'сектору без нумерованных мест нужна вместимость больше 0',
    ar: 'القسم بلا مقاعد مرقمة يحتاج إلى سعة أكبر من 0',
  },
  GA_ZONE_MISSING: {
    he: 'אזור ללא מקומות מסומנים צריך אזור מחיר',
    en: 'general-admission section needs a price zone',
    ru: 'сектору без нумерованных мест нужна ценовая зона',
    ar: 'القسم بلا مقاعد مرقمة يحتاج إلى منطقة سعر',
  },
  UNKNOWN_ZONE: {
    he: 'אזור מחיר לא מוכר "{zone}"',
    en: 'unknown zone "{zone}"',
    ru: 'неизвестная ценовая зона "{zone}"',
    ar: 'منطقة سعر غير معروفة "{zone}"',
  },
  GA_HAS_SEATS: {
    he: 'באזור ללא מקומות מסומנים אסור שיהיו מושבים (יש {count})',
    en: 'general-admission section must not have seats (has {count})',
    ru: 'в секторе без нумерованных мест не должно быть мест (их {count})',
    ar: 'يجب ألا تكون في القسم بلا مقاعد مرقمة مقاعد (فيه {count})',
  },
  DUPLICATE_GROUP_CODE: {
    he: 'קוד הקבוצה "{code}" מופיע יותר מפעם אחת באזור "{section}"',
    en: 'duplicate group code "{code}" in section "{section}"',
    ru: 'код группы "{code}" повторяется в секторе "{section}"',
    ar: 'رمز المجموعة "{code}" مكرر في القسم "{section}"',
  },
  SEAT_NOT_FINITE: {
    he: 'ההיסטים, המידות והסיבוב של המושב חייבים להיות מספרים סופיים',
    en: 'seat offsets, sizes and rotate must be finite numbers',
    ru: 'смещения, размеры и поворот места должны быть конечными числами',
    ar: 'يجب أن تكون إزاحات المقعد وأبعاده ودورانه أعدادًا محدودة',
  },
  DUPLICATE_SEAT_POSITION: {
    he: 'מיקום מושב כפול (x {x}, y {y}) באזור "{section}"; הראשון נמצא ב־{first}',
    en: 'duplicate seat position (x {x}, y {y}) in section "{section}"; first at {first}',
    ru: 'повторяющаяся позиция места (x {x}, y {y}) в секторе "{section}"; первое место в {first}',
    ar: 'موضع مقعد مكرر (x {x}، y {y}) في القسم "{section}"؛ الأول في {first}',
  },
  DUPLICATE_SEAT_NAME: {
    he: 'שם המושב "{seat}" מופיע יותר מפעם אחת בשורה "{row}"',
    en: 'duplicate seat name "{seat}" in row "{row}"',
    ru: 'название места "{seat}" повторяется в ряду "{row}"',
    ar: 'اسم المقعد "{seat}" مكرر في الصف "{row}"',
  },
  UNKNOWN_FEATURE: {
    he: 'קוד מאפיין לא מוכר {feature}',
    en: 'unknown feature code {feature}',
    ru: 'неизвестный код особенности {feature}',
    ar: 'رمز ميزة غير معروف {feature}',
  },
  SEAT_PAST_RIGHT_EDGE: {
    he: 'המושב חורג מהקצה הימני של מלבן האזור (xOffsetPercent {offset} + widthPercent {size} > 100)',
    en: 'seat extends past the right edge of its section box (xOffsetPercent {offset} + widthPercent {size} > 100)',
    ru: 'место выходит за правый край прямоугольника сектора (xOffsetPercent {offset} + widthPercent {size} > 100)',
    ar: 'المقعد يتجاوز الحافة اليمنى لمستطيل قسمه (xOffsetPercent {offset} + widthPercent {size} > 100)',
  },
  SEAT_PAST_BOTTOM_EDGE: {
    he: 'המושב חורג מהקצה התחתון של מלבן האזור (yOffsetPercent {offset} + heightPercent {size} > 100)',
    en: 'seat extends past the bottom edge of its section box (yOffsetPercent {offset} + heightPercent {size} > 100)',
    ru: 'место выходит за нижний край прямоугольника сектора (yOffsetPercent {offset} + heightPercent {size} > 100)',
    ar: 'المقعد يتجاوز الحافة السفلى لمستطيل قسمه (yOffsetPercent {offset} + heightPercent {size} > 100)',
  },
  TOGETHER_NOT_COUCH: {
    he: 'מושב שנמכר יחד עם אחרים חייב לשאת את המאפיין ספה (1) או מיטה (4)',
    en: 'a seat sold together must have feature couch (1) or bed (4)',
    ru: 'у места, продаваемого вместе с другими, должна быть особенность диван (1) или кровать (4)',
    ar: 'المقعد الذي يباع مع غيره يجب أن تكون له ميزة أريكة (1) أو سرير (4)',
  },
  TOGETHER_SPANS_ROWS: {
    he: 'קבוצת המכירה המשותפת {group} משתרעת על כמה שורות; המושב הראשון שלה ב־{first}',
    en: 'together group {group} spans rows; its first seat is at {first}',
    ru: 'группа совместной продажи {group} занимает несколько рядов; её первое место в {first}',
    ar: 'مجموعة البيع المشترك {group} تمتد على عدة صفوف؛ مقعدها الأول في {first}',
  },
  TOGETHER_ALONE: {
    he: 'בקבוצת המכירה המשותפת {group} יש מושב אחד בלבד',
    en: 'together group {group} has only one seat',
    ru: 'в группе совместной продажи {group} только одно место',
    ar: 'في مجموعة البيع المشترك {group} مقعد واحد فقط',
  },
  BACKGROUND_PATH_TOO_LONG: {
    he: 'נתיב התמונה ארוך מדי',
    en: 'image path is too long',
    ru: 'путь к изображению слишком длинный',
    ar: 'مسار الصورة طويل جدًا',
  },
  BACKGROUND_SOURCE: {
    he: 'תמונת הרקע חייבת להיות data URL של PNG, JPEG או WebP, או נתיב באתר הזה',
    en: 'background image must be a PNG, JPEG or WebP data URL or a path on this site',
    ru: 'фоновое изображение должно быть data URL в формате PNG, JPEG или WebP либо путём на этом сайте',
    ar: 'يجب أن تكون صورة الخلفية data URL بصيغة PNG أو JPEG أو WebP أو مسارًا في هذا الموقع',
  },
  BACKGROUND_TYPE: {
    he: 'סוג תמונת הרקע {type} אינו מתקבל (PNG, JPEG או WebP)',
    en: 'background image type {type} is not accepted (PNG, JPEG or WebP)',
    ru: 'тип фонового изображения {type} не принимается (PNG, JPEG или WebP)',
    ar: 'نوع صورة الخلفية {type} غير مقبول (PNG أو JPEG أو WebP)',
  },
  BACKGROUND_TOO_LARGE: {
    he: 'גודל תמונת הרקע {size} MB; לכל היותר {max} MB',
    en: 'background image is {size} MB; at most {max} MB',
    ru: 'фоновое изображение занимает {size} МБ; не больше {max} МБ',
    ar: 'حجم صورة الخلفية {size} MB؛ الحد الأقصى {max} MB',
  },
  BACKGROUND_NOT_BASE64: {
    he: 'תמונת הרקע אינה base64 תקין',
    en: 'background image is not valid base64',
    ru: 'фоновое изображение не является корректным base64',
    ar: 'صورة الخلفية ليست base64 صالحًا',
  },
  BACKGROUND_BYTES: {
    he: 'תוכן תמונת הרקע אינו {type}',
    en: 'background image bytes are not {type}',
    ru: 'содержимое фонового изображения не является {type}',
    ar: 'محتوى صورة الخلفية ليس {type}',
  },
};

/** The issue as a sentence in `locale`; a name its params lack stays as written ({name}). */
export function describeVenueIssue(issue: VenueIssueFacts, locale: ProblemLocale): string {
  const text = VENUE_ISSUE_TEXT[issue.code][locale];
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => issue.params[key] ?? whole);
}
