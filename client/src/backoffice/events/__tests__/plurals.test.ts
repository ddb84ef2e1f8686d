import i18next from 'i18next';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

/**
 * The screen's counted texts (i18next plurals). Every language carries the same six suffixes, so the screen's key
 * check (locales.test.ts) holds; this checks that each language has the form its own plural rules pick for any
 * count, and that the forms read right where the languages differ most.
 */
const bundles = { he, en, ru, ar } as const;
const COUNTED = ['moved', 'refunded', 'refundsWaiting'] as const;
const COUNTS = [0, 1, 2, 3, 4, 5, 10, 11, 14, 21, 22, 25, 99, 100, 101, 102, 111, 1000];

const screen = i18next.createInstance();
void screen.init({
  resources: Object.fromEntries(Object.entries(bundles).map(([lng, b]) => [lng, { translation: b }])),
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
const t = (lng: string, key: string, count: number) =>
  screen.t(`backOffice.events.${key}`, {
    lng,
    count,
    orders: String(count),
    done: String(count),
    total: String(count),
    refunds: String(count),
    date: 'D',
  });

describe('events screen counted texts', () => {
  test.each(Object.keys(bundles))('%s has the form its plural rules choose for every count', (lng) => {
    const texts = bundles[lng as keyof typeof bundles].backOffice.events as Record<string, unknown>;
    const rules = new Intl.PluralRules(lng);
    for (const key of COUNTED)
      for (const count of COUNTS) {
        const form = count === 0 ? 'zero' : rules.select(count);
        const text = texts[`${key}_${form}`];
        expect([lng, key, count, typeof text]).toEqual([lng, key, count, 'string']);
        const filled = String(text).replace(/\{\{(\w+)\}\}/g, (_, name) => (name === 'date' ? 'D' : String(count)));
        expect([lng, key, count, t(lng, key, count)]).toEqual([lng, key, count, filled]);
      }
  });

  test('the forms agree with their number', () => {
    expect(t('en', 'moved', 0)).toBe('Date moved to D. No orders have tickets for it, so no one needed to be told.');
    expect(t('en', 'moved', 1)).toBe('Date moved to D. 1 order was sent the new time.');
    expect(t('en', 'moved', 3)).toBe('Date moved to D. 3 orders were sent the new time.');
    expect(t('ru', 'moved', 21)).toBe('Дата перенесена на D. Новое время отправлено 21 заказу.');
    expect(t('ru', 'refunded', 21)).toBe('Деньги возвращены по 21 из 21 заказа');
    expect(t('ru', 'refunded', 5)).toBe('Деньги возвращены по 5 из 5 заказов');
    expect(t('ru', 'refundsWaiting', 3)).toBe('3 возврата ждут ответа компании кредитных карт');
    expect(t('ru', 'refundsWaiting', 11)).toBe('11 возвратов ждут ответа компании кредитных карт');
    expect(t('he', 'moved', 2)).toBe('המועד הועבר ל־D. השעה החדשה נשלחה לשתי הזמנות.');
    expect(t('ar', 'moved', 2)).toBe('نُقل الموعد إلى D. أُرسل الوقت الجديد إلى طلبين.');
    expect(t('ar', 'moved', 3)).toBe('نُقل الموعد إلى D. أُرسل الوقت الجديد إلى 3 طلبات.');
    expect(t('ar', 'moved', 11)).toBe('نُقل الموعد إلى D. أُرسل الوقت الجديد إلى 11 طلبًا.');
    expect(t('ar', 'moved', 100)).toBe('نُقل الموعد إلى D. أُرسل الوقت الجديد إلى 100 طلب.');
  });
});
