import { pickText, presentationFeatureName, textLang } from '../localized';

describe('catalogue texts in the visitor language', () => {
  test.each([
    ['he', 'אור', 'Light', 'Свет', 'نور', 'אור'],
    ['en', 'אור', 'Light', 'Свет', 'نور', 'Light'],
    ['ru', 'אור', 'Light', 'Свет', 'نور', 'Свет'],
    ['ar', 'אור', 'Light', 'Свет', 'نور', 'نور'],
    ['ru', 'אור', 'Light', null, 'نور', 'Light'],
    ['ar', 'אור', 'Light', 'Свет', '  ', 'Light'],
    ['ar', 'אור', '', undefined, undefined, 'אור'],
    ['en', 'אור', '', undefined, undefined, 'אור'],
  ] as const)('%s of %j/%j/%j/%j is %j', (locale, he, en, ru, ar, expected) => {
    expect(pickText(locale, he, en, ru, ar)).toBe(expected);
  });

  test('presentation names use the Russian and Arabic fields', () => {
    const p = { featureName: 'אור', featureNameEn: 'Light', featureNameRu: 'Свет', featureNameAr: 'نور' };
    expect(presentationFeatureName(p, 'ru')).toBe('Свет');
    expect(presentationFeatureName(p, 'ar')).toBe('نور');
  });

  test.each([
    ['אור במדבר', 'he', 'rtl'],
    ['نور في الصحراء', 'ar', 'rtl'],
    ['Свет в пустыне', 'ru', 'ltr'],
    ['Desert Light', 'en', 'ltr'],
  ] as const)('%j is %s, %s', (text, lang, dir) => {
    expect(textLang(text)).toEqual({ lang, dir });
  });
});
