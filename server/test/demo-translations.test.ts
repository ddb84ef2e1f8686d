import { listVenueFiles, loadVenueFile } from '@hotline/seatmaps';
import { DEMO_FEATURES, DEMO_PRODUCTS, demoTickets } from '../src/seed/demo-catalogue';
import { DEMO_DONATIONS, DEMO_GIFT_CLASSES } from '../src/seed/demo-gifts';
import { DEMO_TRANSLATIONS, translationOf, translationsOf } from '../src/seed/demo-translations';
import { DEMO_VOUCHERS } from '../src/payment/demo-vouchers';

/** The demo catalogue carries Russian and Arabic for every text a visitor sees. */
describe('demo catalogue translations', () => {
  const english = new Set<string>();
  for (const f of DEMO_FEATURES) for (const text of [f.nameEn, f.categoryEn, f.descriptionEn]) english.add(text);
  for (const kind of ['cinema', 'theatre', 'arena', 'stadium'] as const)
    for (const t of demoTickets(kind, 0)) english.add(t.nameEn);
  for (const p of DEMO_PRODUCTS) english.add(p.nameEn);
  // Gift vouchers, donation causes, the demo vouchers, memberships and their prices.
  for (const g of [...DEMO_GIFT_CLASSES, ...DEMO_DONATIONS])
    for (const text of [g.nameEn, g.descriptionEn]) english.add(text);
  for (const v of DEMO_VOUCHERS) english.add(v.nameEn);
  for (const text of [
    'Cinema card',
    '10 entries',
    'Top-up: 5 entries',
    'Cinema membership with a seat',
    'Membership with a seat',
    'Theatre series',
    'Series of three plays',
    'Season membership',
    'Adult',
    'Senior',
    'Flexible season',
    'Per show',
  ])
    english.add(text);
  for (const file of listVenueFiles()) {
    const venue = loadVenueFile(file);
    english.add(venue.name.en);
    english.add(venue.location.name.en);
    for (const zone of venue.zones) english.add(zone.name.en);
  }

  test.each([...english].map((text) => [text]))('%j has Russian and Arabic', (text) => {
    const entry = DEMO_TRANSLATIONS[text];
    expect(entry).toBeDefined();
    expect(entry!.ru).toMatch(/[а-яё]/i);
    expect(entry!.ar).toMatch(/[\u0600-\u06ff]/);
  });

  // The seat map's own words: every section name and stage label of every venue file.
  const planWords = new Set<string>();
  for (const file of listVenueFiles()) {
    const venue = loadVenueFile(file);
    if (venue.seatplan.stage) planWords.add(venue.seatplan.stage.label.en);
    for (const section of venue.sections) planWords.add(section.name.en);
  }

  test.each([...planWords].map((text) => [text]))('seat-plan word %j has Russian and Arabic', (text) => {
    const entry = translationOf(text);
    expect(entry).not.toBeNull();
    expect(entry!.ru).toMatch(/[а-яё]/i);
    expect(entry!.ar).toMatch(/[\u0600-\u06ff]/);
  });

  test('a numbered name keeps its number', () => {
    expect(translationOf('Section 101')).toEqual({ ru: 'Сектор 101', ar: 'القسم 101' });
    expect(translationOf('Lower tier 205')).toEqual({ ru: 'Нижний ярус 205', ar: 'المدرج السفلي 205' });
    expect(translationOf('Nowhere 3')).toBeNull();
  });

  test('translationsOf gives each field in both languages and leaves out what it does not know', () => {
    expect(translationsOf({ name: 'Regular', description: 'unknown text' })).toEqual({
      ru: { name: 'Обычный' },
      ar: { name: 'عادية' },
    });
  });
});
