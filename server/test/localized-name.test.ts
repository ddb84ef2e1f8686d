import { localizedName } from '../src/common/localized-name';

/** Texts the server writes (e-ticket calendar, confirmation) name things in the reader's language. */
describe('localizedName: own language, then English, then Hebrew', () => {
  const all = { he: 'אולם', en: 'Hall', ru: 'Зал', ar: 'القاعة' };
  test.each([
    ['he', all, 'אולם'],
    ['en', all, 'Hall'],
    ['ru', all, 'Зал'],
    ['ar', all, 'القاعة'],
    ['ru', { ...all, ru: null }, 'Hall'],
    ['ar', { ...all, ar: ' ' }, 'Hall'],
    ['ru', { he: 'אולם', en: '', ru: undefined }, 'אולם'],
    ['en', { he: 'אולם', en: '' }, 'אולם'],
  ] as const)('%s of %j is %j', (locale, names, expected) => {
    expect(localizedName(locale, names)).toBe(expected);
  });
});
