import { formatList, nameSeparator } from '../list-format';
import { venueAndLocation } from '../localized';

describe('lists follow the language', () => {
  test.each([
    ['en', ['A', 'B', 'C'], /^A, B,? and C$/],
    ['he', ['א', 'ב', 'ג'], /^א, ב ו-?ג$/],
    ['ru', ['А', 'Б', 'В'], /^А, Б и В$/],
    ['ar', ['أ', 'ب', 'ج'], /^أ (،|و) ?ب (،|و) ?ج$|^أ وب وج$|^أ، ب و ?ج$/],
    ['en', ['only'], /^only$/],
  ] as const)('%s: %j', (locale, items, expected) => {
    expect(formatList(items, locale)).toMatch(expected);
  });

  test('Arabic names use the Arabic comma; the others the Latin one', () => {
    expect(nameSeparator('ar')).toBe('، ');
    for (const locale of ['he', 'en', 'ru'] as const) expect(nameSeparator(locale)).toBe(', ');
  });

  test('venue and location: joined with the language comma', () => {
    const p = { venueName: 'אולם 2', venueNameEn: 'Hall 2', locationName: 'סינמה סיטי', locationNameEn: 'Cinema City' };
    expect(venueAndLocation(p, 'en')).toBe('Hall 2, Cinema City');
    expect(venueAndLocation(p, 'ar')).toBe('Hall 2، Cinema City');
    expect(venueAndLocation(p, 'he')).toBe('אולם 2, סינמה סיטי');
  });
});
