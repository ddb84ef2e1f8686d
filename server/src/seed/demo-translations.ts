/**
 * Russian and Arabic for every name and text of the demo catalogue (the demo carries all four languages),
 * keyed by the English text the seed and the venue files already hold. The seed stores them in each row's
 * `translations` column; the catalogue serves them as nameRu / nameAr (and the like).
 */
import type { CatalogueTranslations } from '../database/entities';

export const DEMO_TRANSLATIONS: Record<string, { ru: string; ar: string }> = {
  // Features, their categories and descriptions.
  'Desert Light': { ru: 'Свет в пустыне', ar: 'نور في الصحراء' },
  'Tel Aviv Nights': { ru: 'Ночи Тель-Авива', ar: 'ليالي تل أبيب' },
  'Galaxy Kids': { ru: 'Галактика детей', ar: 'مجرة الأطفال' },
  'The Dybbuk': { ru: 'Диббук', ar: 'الديبوك' },
  'The Summer Concert': { ru: 'Летний концерт', ar: 'حفلة الصيف' },
  'The Capital Derby': { ru: 'Столичное дерби', ar: 'ديربي العاصمة' },
  Movie: { ru: 'Фильм', ar: 'فيلم' },
  Theatre: { ru: 'Театр', ar: 'مسرح' },
  Concert: { ru: 'Концерт', ar: 'حفلة موسيقية' },
  Sport: { ru: 'Спорт', ar: 'رياضة' },
  'A family drama set in the Negev.': { ru: 'Семейная драма в Негеве.', ar: 'دراما عائلية في النقب.' },
  'A romantic comedy.': { ru: 'Романтическая комедия.', ar: 'كوميديا رومانسية.' },
  'An animated adventure for the whole family.': {
    ru: 'Анимационное приключение для всей семьи.',
    ar: 'مغامرة رسوم متحركة لكل العائلة.',
  },
  'A new staging of the classic.': { ru: 'Новая постановка классики.', ar: 'إخراج جديد للعمل الكلاسيكي.' },
  'An evening of Israeli songs.': { ru: 'Вечер израильских песен.', ar: 'أمسية من الأغاني الإسرائيلية.' },
  'The football match of the season.': {
    ru: 'Главный футбольный матч сезона.',
    ar: 'مباراة كرة القدم الأبرز في الموسم.',
  },
  // Locations and venues (seatmaps/venues, seatmaps/generated).
  'Hadar Cinema, Haifa': { ru: 'Кинотеатр «Адар», Хайфа', ar: 'سينما هدار، حيفا' },
  'Hadar Cinema – Hall 1': { ru: 'Кинотеатр «Адар» – зал 1', ar: 'سينما هدار – القاعة 1' },
  'City Theatre, Tel Aviv': { ru: 'Городской театр, Тель-Авив', ar: 'مسرح المدينة، تل أبيب' },
  'City Theatre': { ru: 'Городской театр', ar: 'مسرح المدينة' },
  'Mediterranean Arena, Ashdod': { ru: 'Средиземноморская арена, Ашдод', ar: 'أرينا البحر المتوسط، أسدود' },
  'Mediterranean Arena': { ru: 'Средиземноморская арена', ar: 'أرينا البحر المتوسط' },
  'National Stadium, Ramat Gan': { ru: 'Национальный стадион, Рамат-Ган', ar: 'الاستاد الوطني، رمات غان' },
  'National Stadium': { ru: 'Национальный стадион', ar: 'الاستاد الوطني' },
  // Price groups (the plans' zones).
  Standard: { ru: 'Стандарт', ar: 'عادي' },
  'Couples couches': { ru: 'Диваны для двоих', ar: 'أرائك للأزواج' },
  'Zone A': { ru: 'Зона A', ar: 'المنطقة أ' },
  'Zone B': { ru: 'Зона B', ar: 'المنطقة ب' },
  'Zone C': { ru: 'Зона C', ar: 'المنطقة ج' },
  'Golden ring': { ru: 'Золотое кольцо', ar: 'الحلقة الذهبية' },
  Floor: { ru: 'Танцпол', ar: 'الساحة' },
  'Lower tier, stage end': { ru: 'Нижний ярус, у сцены', ar: 'المدرج السفلي، جهة المسرح' },
  'Lower tier': { ru: 'Нижний ярус', ar: 'المدرج السفلي' },
  'Upper tier': { ru: 'Верхний ярус', ar: 'المدرج العلوي' },
  'Lower tier, sides': { ru: 'Нижний ярус, вдоль поля', ar: 'المدرج السفلي، على طول الملعب' },
  'Lower tier, ends': { ru: 'Нижний ярус, за воротами', ar: 'المدرج السفلي، خلف المرميين' },
  'Middle tier': { ru: 'Средний ярус', ar: 'المدرج الأوسط' },
  // Seat-plan words: stage and screen labels, section names (a trailing number is kept: "Section 101").
  Screen: { ru: 'Экран', ar: 'الشاشة' },
  Stage: { ru: 'Сцена', ar: 'المسرح' },
  Pitch: { ru: 'Поле', ar: 'أرض الملعب' },
  Hall: { ru: 'Зал', ar: 'القاعة' },
  Stalls: { ru: 'Партер', ar: 'الصالة' },
  Balcony: { ru: 'Балкон', ar: 'الشرفة' },
  'Right side box': { ru: 'Правая боковая ложа', ar: 'المقصورة الجانبية اليمنى' },
  'Left side box': { ru: 'Левая боковая ложа', ar: 'المقصورة الجانبية اليسرى' },
  'Front floor': { ru: 'Танцпол, передняя часть', ar: 'الساحة الأمامية' },
  'Rear floor': { ru: 'Танцпол, задняя часть', ar: 'الساحة الخلفية' },
  Section: { ru: 'Сектор', ar: 'القسم' },
  // Ticket types.
  Regular: { ru: 'Обычный', ar: 'عادية' },
  'Student / Soldier': { ru: 'Студент / военнослужащий', ar: 'طالب / جندي' },
  'Senior citizen': { ru: 'Пенсионер', ar: 'كبار السن' },
  'Couple ticket': { ru: 'Билет для двоих', ar: 'تذكرة زوجية' },
  '10% off coupon': { ru: 'Купон со скидкой 10%', ar: 'قسيمة خصم 10%' },
  'Member voucher': { ru: 'Ваучер участника', ar: 'قسيمة عضو' },
  // Products.
  'Large popcorn': { ru: 'Большой попкорн', ar: 'فشار كبير' },
  'Soft drink': { ru: 'Прохладительный напиток', ar: 'مشروب غازي' },
  'Programme booklet': { ru: 'Программка', ar: 'كتيّب البرنامج' },
  'Tour T-shirt': { ru: 'Футболка тура', ar: 'قميص الجولة' },
  // Gift vouchers on sale and donation causes, and the demo vouchers.
  'Gift voucher': { ru: 'Подарочный ваучер', ar: 'قسيمة هدية' },
  'Good for any show for a year. It can be spent in parts.': {
    ru: 'Подходит для любого спектакля в течение года. Можно тратить частями.',
    ar: 'صالحة لأي عرض لمدة سنة. يمكن استخدامها على دفعات.',
  },
  'Evening for two': { ru: 'Вечер для двоих', ar: 'أمسية لشخصين' },
  'An evening for two at our main hall, valid for six months.': {
    ru: 'Вечер для двоих в нашем главном зале, действует полгода.',
    ar: 'أمسية لشخصين في قاعتنا الرئيسية، صالحة لستة أشهر.',
  },
  'Tickets for young people': { ru: 'Билеты для молодёжи', ar: 'تذاكر للشباب' },
  'Every gift buys tickets for young people who could not otherwise come.': {
    ru: 'Каждое пожертвование оплачивает билеты молодым людям, которые иначе не смогли бы прийти.',
    ar: 'كل تبرع يشتري تذاكر لشباب لم يكن بإمكانهم الحضور لولاه.',
  },
  'Support our artists': { ru: 'Поддержите наших артистов', ar: 'ادعموا فنانينا' },
  "A gift to the theatre's artists' fund.": {
    ru: 'Пожертвование в фонд артистов театра.',
    ar: 'تبرع لصندوق فناني المسرح.',
  },
  'Gift voucher ₪100': { ru: 'Подарочный ваучер ₪100', ar: 'قسيمة هدية ₪100' },
  'Gift voucher ₪250': { ru: 'Подарочный ваучер ₪250', ar: 'قسيمة هدية ₪250' },
  'Gift voucher ₪30': { ru: 'Подарочный ваучер ₪30', ar: 'قسيمة هدية ₪30' },
  'Gift voucher (used up)': { ru: 'Подарочный ваучер (использован)', ar: 'قسيمة هدية (مستخدمة)' },
  'Gift voucher (expired)': { ru: 'Подарочный ваучер (просрочен)', ar: 'قسيمة هدية (منتهية الصلاحية)' },
  // Memberships and their prices.
  'Cinema card': { ru: 'Киноабонемент', ar: 'بطاقة السينما' },
  '10 entries': { ru: '10 посещений', ar: '10 دخولات' },
  'Top-up: 5 entries': { ru: 'Пополнение: 5 посещений', ar: 'تعبئة: 5 دخولات' },
  'Cinema membership with a seat': { ru: 'Киноабонемент с местом', ar: 'اشتراك سينما مع مقعد' },
  'Membership with a seat': { ru: 'Абонемент с местом', ar: 'اشتراك مع مقعد' },
  'Theatre series': { ru: 'Театральный цикл', ar: 'سلسلة مسرحية' },
  'Series of three plays': { ru: 'Цикл из трёх спектаклей', ar: 'سلسلة من ثلاث مسرحيات' },
  'Season membership': { ru: 'Сезонный абонемент', ar: 'اشتراك موسمي' },
  Adult: { ru: 'Взрослый', ar: 'بالغ' },
  Senior: { ru: 'Пенсионер', ar: 'مسن' },
  'Flexible season': { ru: 'Гибкий сезон', ar: 'موسم مرن' },
  'Per show': { ru: 'За спектакль', ar: 'لكل عرض' },
};

/**
 * Russian and Arabic for one English text: the table's entry, or for a numbered name ("Section 101", "Lower tier
 * 205") the entry of its words with the same number. Null where the table has neither.
 */
export function translationOf(english: string): { ru: string; ar: string } | null {
  const exact = DEMO_TRANSLATIONS[english];
  if (exact) return exact;
  const numbered = /^(.+) (\d+)$/.exec(english);
  const words = numbered ? DEMO_TRANSLATIONS[numbered[1]!] : undefined;
  if (!numbered || !words) return null;
  return { ru: `${words.ru} ${numbered[2]}`, ar: `${words.ar} ${numbered[2]}` };
}

/**
 * The `translations` value for a row: for each field given in English, its Russian and Arabic from the table.
 * A text missing from the table is left out (the storefront then shows the English), never stored in English.
 */
export function translationsOf(fields: Record<string, string>): CatalogueTranslations {
  const ru: Record<string, string> = {};
  const ar: Record<string, string> = {};
  for (const [field, english] of Object.entries(fields)) {
    const entry = translationOf(english);
    if (!entry) continue;
    ru[field] = entry.ru;
    ar[field] = entry.ar;
  }
  return { ru, ar };
}
