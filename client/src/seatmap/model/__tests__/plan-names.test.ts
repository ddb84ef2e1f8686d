import { decorLabelIn, groupNameIn, sectionNameIn, stageLabelIn } from '../plan-names';

const stage = {
  x: 0,
  y: 0,
  width: 10,
  height: 2,
  label: 'מסך',
  labelEn: 'Screen',
  labelRu: 'Экран',
  labelAr: 'الشاشة',
};
const hall = { name: 'אולם', nameEn: 'Hall', nameRu: 'Зал', nameAr: 'القاعة' };

describe('seat-map words in the visitor language: own language, then English, then Hebrew', () => {
  test.each([
    ['he', 'מסך'],
    ['en', 'Screen'],
    ['ru', 'Экран'],
    ['ar', 'الشاشة'],
  ] as const)('the screen label in %s is %j', (locale, expected) => {
    expect(stageLabelIn(stage, locale)).toBe(expected);
  });

  test.each([
    ['ru', { labelRu: null }, 'Screen'],
    ['ar', { labelAr: '  ' }, 'Screen'],
    ['ru', { labelRu: undefined, labelEn: '' }, 'מסך'],
    ['ar', { labelAr: undefined, labelEn: '' }, 'מסך'],
  ] as const)('a missing %s label falls back: %j -> %j', (locale, missing, expected) => {
    expect(stageLabelIn({ ...stage, ...missing }, locale)).toBe(expected);
  });

  test('a plan without a stage has no label', () => {
    expect(stageLabelIn(null, 'ru')).toBeNull();
  });

  test.each([
    ['he', hall, 'אולם'],
    ['en', hall, 'Hall'],
    ['ru', hall, 'Зал'],
    ['ar', hall, 'القاعة'],
    ['ru', { ...hall, nameRu: null }, 'Hall'],
    ['ar', { ...hall, nameAr: null, nameEn: '' }, 'אולם'],
  ] as const)('a section name in %s of %j is %j', (locale, section, expected) => {
    expect(sectionNameIn(section, locale)).toBe(expected);
  });

  test.each([
    ['he', 'רגיל'],
    ['en', 'Standard'],
    ['ru', 'Стандарт'],
    ['ar', 'عادي'],
  ] as const)('a price-group name in %s is %j', (locale, expected) => {
    expect(groupNameIn({ name: 'רגיל', nameEn: 'Standard', nameRu: 'Стандарт', nameAr: 'عادي' }, locale)).toBe(
      expected,
    );
  });
});

describe('decor labels: the same rule as every other word on the map', () => {
  const exit = { he: 'יציאה', en: 'Exit', ru: 'Выход', ar: 'مخرج' };
  test.each([
    ['he', exit, 'יציאה'],
    ['en', exit, 'Exit'],
    ['ru', exit, 'Выход'],
    ['ar', exit, 'مخرج'],
    ['ru', { ...exit, ru: null }, 'Exit'],
    ['ar', { he: 'יציאה', en: 'Exit' }, 'Exit'],
    ['en', { ...exit, en: '' }, 'יציאה'],
    ['ru', { he: 'יציאה', en: '', ru: null }, 'יציאה'],
  ] as const)('in %s, %j reads %j', (locale, label, expected) => {
    expect(decorLabelIn(label, locale)).toBe(expected);
  });
});
