/**
 * The plan check's problems in words, in the product's four languages. One table for both ends: the designer lists
 * them as staff draw, and the server says the same sentences when it refuses to publish.
 */
import type { PlanProblem, PlanProblemCode } from './validate-plan';

export type ProblemLocale = 'he' | 'en' | 'ru' | 'ar';

/** {section}, {row}, {seat}, {other} and {zone} are filled from the problem's params. */
export const PLAN_PROBLEM_TEXT: Record<PlanProblemCode, Record<ProblemLocale, string>> = {
  DUPLICATE_SEAT_LABEL: {
    he: 'באזור {section}, שורה {row}: המושב {seat} מופיע יותר מפעם אחת.',
    en: 'Section {section}, row {row}: seat {seat} appears more than once.',
    ru: 'Сектор {section}, ряд {row}: место {seat} встречается больше одного раза.',
    ar: 'القسم {section}، الصف {row}: المقعد {seat} مكرر أكثر من مرة.',
  },
  DUPLICATE_ROW_LABEL: {
    he: 'באזור {section}: השורה {row} מופיעה יותר מפעם אחת.',
    en: 'Section {section}: row {row} appears more than once.',
    ru: 'Сектор {section}: ряд {row} встречается больше одного раза.',
    ar: 'القسم {section}: الصف {row} مكرر أكثر من مرة.',
  },
  SEATS_OVERLAP: {
    he: 'המושבים {seat} ו־{other} חופפים.',
    en: 'Seats {seat} and {other} overlap.',
    ru: 'Места {seat} и {other} перекрываются.',
    ar: 'المقعدان {seat} و{other} متداخلان.',
  },
  SEAT_OUTSIDE_SECTION: {
    he: 'באזור {section}, שורה {row}: המושב {seat} נמצא מחוץ לגבולות האזור.',
    en: 'Section {section}, row {row}: seat {seat} lies outside the section.',
    ru: 'Сектор {section}, ряд {row}: место {seat} находится за границей сектора.',
    ar: 'القسم {section}، الصف {row}: المقعد {seat} خارج حدود القسم.',
  },
  SEAT_UNLABELED: {
    he: 'באזור {section}, שורה {row}: יש מושב בלי מספר.',
    en: 'Section {section}, row {row}: a seat has no number.',
    ru: 'Сектор {section}, ряд {row}: у места нет номера.',
    ar: 'القسم {section}، الصف {row}: مقعد بلا رقم.',
  },
  ROW_UNLABELED: {
    he: 'באזור {section}: יש שורה בלי מספר.',
    en: 'Section {section}: a row has no number.',
    ru: 'Сектор {section}: у ряда нет номера.',
    ar: 'القسم {section}: صف بلا رقم.',
  },
  ZONE_WITHOUT_SEATS: {
    he: 'לקטגוריה {zone} אין מושבים.',
    en: 'Category {zone} has no seats.',
    ru: 'В категории {zone} нет мест.',
    ar: 'الفئة {zone} ليس فيها مقاعد.',
  },
  SEAT_WITHOUT_ZONE: {
    he: 'באזור {section}, שורה {row}: למושב {seat} אין קטגוריה.',
    en: 'Section {section}, row {row}: seat {seat} has no category.',
    ru: 'Сектор {section}, ряд {row}: у места {seat} нет категории.',
    ar: 'القسم {section}، الصف {row}: المقعد {seat} بلا فئة.',
  },
  GA_WITHOUT_CAPACITY: {
    he: 'לאזור העמידה {section} אין קיבולת.',
    en: 'Standing area {section} has no capacity.',
    ru: 'У зоны без мест {section} не указана вместимость.',
    ar: 'منطقة الوقوف {section} بلا سعة.',
  },
  GA_WITHOUT_ZONE: {
    he: 'לאזור העמידה {section} אין קטגוריה.',
    en: 'Standing area {section} has no category.',
    ru: 'У зоны без мест {section} нет категории.',
    ar: 'منطقة الوقوف {section} بلا فئة.',
  },
  SECTION_WITHOUT_SEATS: {
    he: 'באזור {section} אין מושבים.',
    en: 'Section {section} has no seats.',
    ru: 'В секторе {section} нет мест.',
    ar: 'القسم {section} ليس فيه مقاعد.',
  },
};

/** The problem as a sentence in `locale`. */
export function describePlanProblem(problem: Pick<PlanProblem, 'code' | 'params'>, locale: ProblemLocale): string {
  const text = PLAN_PROBLEM_TEXT[problem.code][locale];
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => problem.params[key] ?? whole);
}
