import { renderToStaticMarkup } from 'react-dom/server';
import * as i18nextModule from 'i18next';
import * as reactI18next from 'react-i18next';
import { DEFAULT_HOLD_POLICY, formatJerusalemDateTime, type HoldPolicy } from '@hotline/shared';
import en from '../locales/en.json';
import he from '../locales/he.json';
import { holdOfferOf } from '../hold-offer';
import { HoldOfferText } from '../HoldOfferText';

/**
 * The payment step's hold option shows the deadline each date's hold policy gives (the commit's rule: the strictest
 * date of the cart decides), not the 30 minutes every date had: a date released 120 minutes before its start shows
 * its own deadline, in the visitor's language.
 */
const now = new Date('2026-12-01T10:00:00Z');
const date = (id: number, dateTime: string, policy: Partial<HoldPolicy> = {}) => ({
  id,
  dateTime,
  holdPolicy: { ...DEFAULT_HOLD_POLICY, ...policy },
});
const render = (dates: ReturnType<typeof date>[], locale: 'en' | 'he') => {
  const offer = holdOfferOf(dates, now);
  if (!offer) throw new Error('no offer');
  return renderToStaticMarkup(<HoldOfferText offer={offer} locale={locale} />);
};

beforeAll(async () => {
  const i18next =
    (i18nextModule as unknown as { default?: typeof i18nextModule.default }).default ?? i18nextModule.default;
  await i18next.use(reactI18next.initReactI18next).init({
    resources: { en: { translation: en }, he: { translation: he } },
    lng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

test('a date released 120 minutes before its start shows its own deadline, not 30 minutes before', async () => {
  const start = '2026-12-10T18:00:00.000Z';
  const own = formatJerusalemDateTime('2026-12-10T16:00:00.000Z', 'en');
  const markup = render([date(1, start, { releaseMinutesBeforeStart: 120 })], 'en');
  expect(markup).toContain(`Pay and collect at the box office by ${own};`);
  expect(markup).not.toContain(formatJerusalemDateTime('2026-12-10T17:30:00.000Z', 'en'));
  expect(markup).toContain('Members: reserve now');

  const { i18n } = await import('i18next').then((m) => ({ i18n: m.default ?? m }));
  await i18n.changeLanguage('he');
  try {
    const hebrew = render([date(1, start, { releaseMinutesBeforeStart: 120 })], 'he');
    expect(hebrew).toContain(`יש לשלם ולאסוף בקופה עד ${formatJerusalemDateTime('2026-12-10T16:00:00.000Z', 'he')};`);
  } finally {
    await i18n.changeLanguage('en');
  }
});

test('a date without a policy (an older server) keeps the default 30 minutes', () => {
  const markup = render([{ id: 1, dateTime: '2026-12-10T18:00:00.000Z', holdPolicy: undefined as never }], 'en');
  expect(markup).toContain(formatJerusalemDateTime('2026-12-10T17:30:00.000Z', 'en'));
});

test('several dates: the strictest decides, as the commit does (an earlier deadline, a shorter life)', () => {
  const soon = date(1, '2026-12-10T18:00:00.000Z');
  const later = date(2, '2026-12-12T18:00:00.000Z', { releaseMinutesBeforeStart: 4 * 24 * 60 });
  // The later date's deadline (8 December, 18:00 UTC) comes before the sooner date's (10 December, 17:30 UTC).
  expect(render([soon, later], 'en')).toContain(formatJerusalemDateTime('2026-12-08T18:00:00.000Z', 'en'));
  const shortLife = date(3, '2026-12-10T18:00:00.000Z', { maxHoldMinutes: 60 });
  expect(render([soon, shortLife], 'en')).toContain(formatJerusalemDateTime('2026-12-01T11:00:00.000Z', 'en'));
});

test('who may hold: any customer drops "members" from the title; none or the box office only offer no hold', () => {
  expect(render([date(1, '2026-12-10T18:00:00.000Z', { holders: 'customers' })], 'en')).toContain(
    '>Reserve now, pay at the box office<',
  );
  for (const policy of [{ holders: 'box-office' as const }, { allowed: false }])
    expect(render([date(1, '2026-12-10T18:00:00.000Z'), date(2, '2026-12-11T18:00:00.000Z', policy)], 'en')).toContain(
      'This date takes no hold orders online.',
    );
  expect(render([date(1, '2026-12-01T10:20:00.000Z')], 'en')).toContain('It is too late for a hold order');
});
