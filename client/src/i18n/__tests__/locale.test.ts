import { directionOf, parseLangParam, resolveLocale } from '../locale';

describe('lang query parameter', () => {
  test.each(['he', 'en', 'ru', 'ar'])('%s selects that locale', (lang) => {
    expect(parseLangParam(`?lang=${lang}`)).toEqual({ kind: 'valid', locale: lang });
  });

  test.each(['xx', 'HE', 'he-IL', '', 'fr'])('"%s" is invalid (404)', (lang) => {
    expect(parseLangParam(`?lang=${lang}`)).toEqual({ kind: 'invalid', value: lang });
  });

  test('missing uses the stored choice or Hebrew', () => {
    expect(parseLangParam('?x=1')).toEqual({ kind: 'missing' });
    expect(resolveLocale({ kind: 'missing' })).toBe('he'); // no localStorage in node: default
    expect(resolveLocale({ kind: 'valid', locale: 'ru' })).toBe('ru');
  });

  test('he and ar are right to left', () => {
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('ru')).toBe('ltr');
  });
});
