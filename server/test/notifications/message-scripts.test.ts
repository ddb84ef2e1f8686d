import { LOCALES, type Locale } from '../../src/common/locale';
import { brandName } from '../../src/common/brand';
import { renderOtpSms } from '../../src/customers/otp-sms';
import { renderMemberCodeSms } from '../../src/memberships/memberships.service';
import { renderConfirmation } from '../../src/notifications/confirmation-message';
import { renderDateChangeNotice } from '../../src/notifications/date-change-notice';
import { renderEventCancelledNotice } from '../../src/notifications/event-cancelled-notice';
import { renderRefundNotice } from '../../src/notifications/refund-notice';
import type {
  DocumentDonation,
  DocumentMembership,
  DocumentReservation,
  DocumentTicket,
  DocumentVoucher,
} from '../../src/reservations/documents.repository';

/**
 * Every message the server writes (SMS and e-mail), rendered in every language, is in that language's
 * script only: a Russian SMS that opens with Hebrew (the brand) or names a donation in English fails here. Allowed
 * anywhere: digits, punctuation, ₪, links and codes (references, order numbers); each language has its own brand.
 */
const CONFIG = {
  BRAND_NAME: 'הוטליין כרטיסים',
  BRAND_NAME_EN: 'Hotline Tickets',
  BRAND_NAME_RU: 'Хотлайн Билеты',
  BRAND_NAME_AR: 'هوتلاين للتذاكر',
};
const HEBREW = /[\u0590-\u05ff]/;
const ARABIC = /[\u0600-\u06ff]/;
const CYRILLIC = /[\u0400-\u04ff]/;
const FOREIGN: Record<Locale, RegExp[]> = {
  he: [CYRILLIC, ARABIC],
  en: [HEBREW, CYRILLIC, ARABIC],
  ru: [HEBREW, ARABIC],
  ar: [HEBREW, CYRILLIC],
};

/** Latin words left once links, codes (anything with a digit or in capitals) and the brand are taken out. */
function latinWords(text: string): string[] {
  const rest = text.replace(/https?:\/\/\S+/g, ' ').replace(/\S*\d\S*/g, ' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((w) => w !== w.toUpperCase());
}

function expectScript(locale: Locale, text: string): void {
  for (const letters of FOREIGN[locale])
    expect({ locale, text, foreign: letters.test(text) }).toMatchObject({ foreign: false });
  if (locale !== 'en') expect({ locale, text, latin: latinWords(text) }).toMatchObject({ latin: [] });
}

/** A customer, a show, a voucher and a donation named in all four languages, as the demo has them. */
const CUSTOMER: Record<Locale, { firstName: string; lastName: string }> = {
  he: { firstName: 'דנה', lastName: 'לוי' },
  en: { firstName: 'Dana', lastName: 'Levi' },
  ru: { firstName: 'Дана', lastName: 'Леви' },
  ar: { firstName: 'دانا', lastName: 'ليفي' },
};
const reservation = (locale: Locale): DocumentReservation => ({
  id: '1',
  identifier: 'H7K2M9',
  state: 'paid',
  createdAt: new Date('2026-11-20T10:00:00Z'),
  customer: CUSTOMER[locale],
  locale,
  totalAgorot: 12_345,
  documentKey: 'abc123',
});
const ticket = (isReserved: boolean): DocumentTicket => ({
  identifier: 'T1',
  presentationId: 5,
  venueTypeId: 1,
  rotatingCode: false,
  dateTime: new Date('2026-11-30T18:30:00Z'),
  durationMinutes: 120,
  featureName: 'הדיבוק',
  featureNameEn: 'The Dybbuk',
  featureNameRu: 'Диббук',
  featureNameAr: 'الديبوك',
  venueName: 'האולם הגדול',
  venueNameEn: 'Main hall',
  venueNameRu: 'Большой зал',
  venueNameAr: 'القاعة الكبرى',
  locationName: 'תיאטרון',
  locationNameEn: 'Theatre',
  locationNameRu: 'Театр',
  locationNameAr: 'مسرح',
  sectionName: 'אולם',
  sectionNameEn: 'Stalls',
  sectionNameRu: 'Партер',
  sectionNameAr: 'الصالة',
  isReserved,
  sectionId: 1,
  x: 3,
  y: 1,
  rowName: '3',
  seatName: '7',
  ticketName: 'רגיל',
  ticketNameEn: 'Regular',
  ticketNameRu: 'Обычный',
  ticketNameAr: 'عادية',
  amountAgorot: 10_000,
  serviceChargeAgorot: 500,
});
const voucher: DocumentVoucher = {
  reference: 'GV0123456789ABCDEF',
  name: 'שובר מתנה',
  nameEn: 'Gift voucher',
  nameRu: 'Подарочный ваучер',
  nameAr: 'قسيمة هدية',
  valueAgorot: 50_000,
  startsAt: new Date('2026-11-20T10:00:00Z'),
  expiresAt: new Date('2027-11-20T10:00:00Z'),
};
const donation: DocumentDonation = {
  receiptNumber: 'DN-2026-000123',
  name: 'קרן כרטיסים לבני נוער',
  nameEn: 'Tickets for young people',
  nameRu: 'Билеты для молодёжи',
  nameAr: 'تذاكر للشباب',
  quantity: 2,
  unitAgorot: 1_800,
};

const membership: DocumentMembership = {
  kind: 'new',
  memberNumber: 'M-100234',
  name: 'כרטיסיית קולנוע',
  nameEn: 'Cinema card',
  nameRu: 'Абонемент в кино',
  nameAr: 'بطاقة السينما',
  units: 10,
  endsAt: new Date('2027-11-20T10:00:00Z'),
};
const topup: DocumentMembership = { ...membership, kind: 'topup', units: 5, endsAt: null };

const ORDERS = {
  tickets: { tickets: [ticket(true), ticket(false)] },
  vouchers: { tickets: [], vouchers: [voucher] },
  donations: { tickets: [], donations: [donation] },
  memberships: { tickets: [], memberships: [membership] },
  topups: { tickets: [], memberships: [topup] },
  everything: { tickets: [ticket(true)], vouchers: [voucher], donations: [donation], memberships: [membership] },
};

describe.each(LOCALES.map((l) => [l]))('every message in %s is in its own script', (locale) => {
  const brand = brandName(CONFIG, locale);
  const common = { locale, brand, hotline: '*9080', baseUrl: 'https://tickets.example' };

  test.each(Object.keys(ORDERS).flatMap((kind) => [[kind, 'email'] as const, [kind, 'sms'] as const]))(
    'order confirmation (%s) by %s',
    (kind, channel) => {
      const message = renderConfirmation(
        { ...common, reservation: reservation(locale), ...ORDERS[kind as keyof typeof ORDERS] },
        channel,
      );
      if (message.subject !== null) expectScript(locale, message.subject);
      expectScript(locale, message.body);
    },
  );

  test.each([['email'], ['sms']] as const)('refund notice by %s', (channel) => {
    const message = renderRefundNotice({ ...common, payload: { amountAgorot: 12_345 } }, channel);
    if (message.subject !== null) expectScript(locale, message.subject);
    expectScript(locale, message.body);
  });

  test.each([['email'], ['sms']] as const)(
    'a moved date by %s: the event in the reader’s language, both times',
    (channel) => {
      const payload = {
        eventName: { he: 'החלום', en: 'The Dream', ru: 'Сон', ar: 'الحلم' },
        orderIdentifier: 'H7K2M9',
        from: '2027-01-07T18:00:00.000Z',
        to: '2027-01-08T18:30:00.000Z',
      };
      const message = renderDateChangeNotice({ ...common, payload }, channel);
      if (message.subject !== null) expectScript(locale, message.subject);
      expectScript(locale, message.body);
      expect(message.body).toContain(payload.eventName[locale]);
      expect(message.body).toContain('H7K2M9');
      expect(message.body).toMatch(/20:00[\s\S]*20:30/);
    },
  );

  test.each([
    ['email', 12_345],
    ['sms', 12_345],
    ['sms', 0],
  ] as const)(
    'a cancelled date by %s (refund %i agorot): the event, the order, the amount',
    (channel, refundAgorot) => {
      const payload = {
        eventName: { he: 'החלום', en: 'The Dream', ru: 'Сон', ar: 'الحلم' },
        orderIdentifier: 'H7K2M9',
        startsAt: '2027-01-07T18:00:00.000Z',
        refundAgorot,
      };
      const message = renderEventCancelledNotice({ ...common, payload }, channel);
      if (message.subject !== null) expectScript(locale, message.subject);
      expectScript(locale, message.body);
      expect(message.body).toContain(payload.eventName[locale]);
      expect(message.body).toContain('H7K2M9');
      expect(/123[.,]45/.test(message.body)).toBe(refundAgorot > 0);
    },
  );

  test('login code SMS', () => expectScript(locale, renderOtpSms(locale, brand, '123456')));
  test('member code SMS', () => expectScript(locale, renderMemberCodeSms(locale, '123456')));

  test('an SMS opens with the brand in the reader’s script', () => {
    const sms = renderConfirmation({ ...common, reservation: reservation(locale), ...ORDERS.tickets }, 'sms').body;
    expect(sms.startsWith(`${brandName(CONFIG, locale)}:`)).toBe(true);
    expect(new Set(LOCALES.map((l) => brandName(CONFIG, l))).size).toBe(4);
  });
});

test('the check itself catches a foreign word', () => {
  expect(() => expectScript('ru', 'הוטליין: заказ')).toThrow();
  expect(() => expectScript('ar', 'تم تأكيد Gift voucher')).toThrow();
  expect(() => expectScript('ru', 'Hotline Tickets: заказ')).toThrow();
  expect(() => expectScript('ru', 'Хотлайн Билеты: заказ H7K2M9 https://x.example/a')).not.toThrow();
});

test.each([
  ['he', '20 בנובמבר 2027'],
  ['en', '20 November 2027'],
  ['ru', '20 ноября 2027 г.'],
  ['ar', '20 نوفمبر 2027'],
] as const)('a voucher SMS in %s writes its last day as people do (%s), never 2027-11-20', (locale, day) => {
  const brand = brandName(CONFIG, locale);
  const sms = renderConfirmation(
    {
      locale,
      brand,
      hotline: '*9080',
      baseUrl: 'https://tickets.example',
      reservation: reservation(locale),
      ...ORDERS.vouchers,
    },
    'sms',
  ).body;
  expect(sms).toContain(day);
  expect(sms).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  // A sentence of its own after the confirmation: it starts with a capital where the script has them.
  if (locale === 'ru') expect(sms).toContain('. Ваучер');
});

test.each([
  ['he', 'כרטיסיית קולנוע', '5 יחידות'],
  ['en', 'Cinema card', '5 units'],
  ['ru', 'Абонемент в кино', 'единиц: 5'],
  ['ar', 'بطاقة السينما', 'وحدات: 5'],
] as const)('a membership order in %s names what was bought, not only the order number', (locale, name, units) => {
  const common = { locale, brand: brandName(CONFIG, locale), hotline: '*9080', baseUrl: 'https://tickets.example' };
  for (const channel of ['sms', 'email'] as const) {
    const bought = renderConfirmation({ ...common, reservation: reservation(locale), ...ORDERS.memberships }, channel);
    expect(bought.body).toContain(name);
    expect(bought.body).toContain('M-100234');
    const added = renderConfirmation({ ...common, reservation: reservation(locale), ...ORDERS.topups }, channel);
    expect(added.body).toContain(units);
    expect(added.body).toContain('M-100234');
  }
});
