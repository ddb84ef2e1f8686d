import { intlLocaleFor, isRightToLeft, isSupportedLocale, SUPPORTED_LOCALES } from '../supported-locale';

describe('isSupportedLocale', () => {
  it.each<[unknown, boolean]>([
    ['he', true],
    ['en', true],
    ['ru', true],
    ['ar', true],
    ['HE', false],
    ['he-IL', false],
    ['fr', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('%p -> %p', (value, expected) => {
    expect(isSupportedLocale(value)).toBe(expected);
  });
});

describe('isRightToLeft', () => {
  it.each(SUPPORTED_LOCALES.map((locale) => [locale, locale === 'he' || locale === 'ar'] as const))(
    '%s -> %p',
    (locale, expected) => {
      expect(isRightToLeft(locale)).toBe(expected);
    },
  );
});

describe('intlLocaleFor', () => {
  it.each([
    ['he', 'he-IL'],
    ['en', 'en-IL'],
    ['ru', 'ru-RU'],
    ['ar', 'ar-IL'],
    ['en-US', 'en-US'],
    ['he-IL', 'he-IL'],
  ])('%s -> %s', (locale, expected) => {
    expect(intlLocaleFor(locale)).toBe(expected);
  });
});
