import { formatJerusalemDate, formatJerusalemDateTime, formatShekels, stripBidiMarks } from '@hotline/shared';
import { isLocale, type Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import {
  type DocumentDonation,
  type DocumentMembership,
  type DocumentReservation,
  type DocumentTicket,
  type DocumentVoucher,
  names,
  seatText,
} from '../reservations';

interface Words {
  subject: string;
  hello: string;
  confirmed: string;
  total: string;
  tickets: string;
  help: string;
  sms: string;
  /** A gift voucher bought: {name} {value} {reference} {until}. */
  voucher: string;
  voucherSms: string;
  voucherHint: string;
  /** A donation receipt line: {receipt} {name} {quantity} {amount}. */
  receipt: string;
  receiptTitle: string;
  thanks: string;
  /** A membership card bought: {name} {number} {units} {until}. */
  membership: string;
  /** Units added to a card: {name} {number} {units}. */
  topup: string;
}

const WORDS: Record<Locale, Words> = {
  he: {
    subject: 'אישור הזמנה {id} - {brand}',
    hello: 'שלום {name},',
    confirmed: 'ההזמנה שלך {id} אושרה.',
    total: 'סה"כ שולם: {total}',
    tickets: 'הכרטיסים האלקטרוניים: {link}',
    help: 'לשאלות: {hotline}',
    sms: '{brand}: ההזמנה {id} אושרה. {show}. הכרטיסים: {link}',
    voucher: '{name}: {value}. קוד השובר: {reference}. בתוקף עד {until}.',
    voucherSms: 'שובר {value}, קוד {reference}, בתוקף עד {until}',
    voucherHint: 'לתשלום בשובר יש להקליד את הקוד בשלב התשלום. היסטוריית השובר: {historyLink}',
    receipt: 'קבלה {receipt}: {name} x{quantity} = {amount}',
    receiptTitle: 'קבלה על תרומה',
    thanks: 'תודה על תרומתך!',
    membership: '{name}: מנוי מספר {number}, {units} יחידות, בתוקף עד {until}.',
    topup: '{name}: נוספו {units} יחידות למנוי מספר {number}.',
  },
  en: {
    subject: 'Order confirmation {id} - {brand}',
    hello: 'Hello {name},',
    confirmed: 'Your order {id} is confirmed.',
    total: 'Total paid: {total}',
    tickets: 'Your e-tickets: {link}',
    help: 'Questions: {hotline}',
    sms: '{brand}: order {id} confirmed. {show}. Tickets: {link}',
    voucher: '{name}: {value}. Voucher code: {reference}. Valid until {until}.',
    voucherSms: 'Voucher {value}, code {reference}, valid until {until}',
    voucherHint: 'To pay with the voucher, type its code at checkout. Voucher history: {historyLink}',
    receipt: 'Receipt {receipt}: {name} x{quantity} = {amount}',
    receiptTitle: 'Donation receipt',
    thanks: 'Thank you for your donation!',
    membership: '{name}: membership number {number}, {units} units, valid until {until}.',
    topup: '{name}: {units} units added to membership number {number}.',
  },
  ru: {
    subject: 'Подтверждение заказа {id} - {brand}',
    hello: 'Здравствуйте, {name}!',
    confirmed: 'Ваш заказ {id} подтверждён.',
    total: 'Оплачено: {total}',
    tickets: 'Электронные билеты: {link}',
    help: 'Вопросы: {hotline}',
    sms: '{brand}: заказ {id} подтверждён. {show}. Билеты: {link}',
    voucher: '{name}: {value}. Код ваучера: {reference}. Действителен до {until}.',
    voucherSms: 'Ваучер {value}, код {reference}, действителен до {until}',
    voucherHint: 'Чтобы оплатить ваучером, введите его код при оплате. История ваучера: {historyLink}',
    receipt: 'Квитанция {receipt}: {name} x{quantity} = {amount}',
    receiptTitle: 'Квитанция о пожертвовании',
    thanks: 'Спасибо за ваше пожертвование!',
    membership: '{name}: абонемент номер {number}, единиц: {units}, действует до {until}.',
    topup: '{name}: к абонементу номер {number} добавлено единиц: {units}.',
  },
  ar: {
    subject: 'تأكيد الطلب {id} - {brand}',
    hello: 'مرحبًا {name}،',
    confirmed: 'تم تأكيد طلبك {id}.',
    total: 'المبلغ المدفوع: {total}',
    tickets: 'التذاكر الإلكترونية: {link}',
    help: 'للاستفسار: {hotline}',
    sms: '{brand}: تم تأكيد الطلب {id}. {show}. التذاكر: {link}',
    voucher: '{name}: {value}. رمز القسيمة: {reference}. صالحة حتى {until}.',
    voucherSms: 'قسيمة {value}، الرمز {reference}، صالحة حتى {until}',
    voucherHint: 'للدفع بالقسيمة أدخل رمزها عند الدفع. سجل القسيمة: {historyLink}',
    receipt: 'إيصال {receipt}: {name} x{quantity} = {amount}',
    receiptTitle: 'إيصال تبرع',
    thanks: 'شكرًا لتبرعك!',
    membership: '{name}: رقم الاشتراك {number}، الوحدات: {units}، صالح حتى {until}.',
    topup: '{name}: أضيفت وحدات: {units} إلى الاشتراك رقم {number}.',
  },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (w, k: string) => params[k] ?? w);

export interface ConfirmationInput {
  reservation: DocumentReservation;
  tickets: DocumentTicket[];
  /** Gift vouchers the order bought; their references are delivered here. */
  vouchers?: DocumentVoucher[];
  /** Donations the order gave; the message is their receipt. */
  donations?: DocumentDonation[];
  /** Memberships the order bought or topped up: named, with their number (the order number alone says nothing). */
  memberships?: DocumentMembership[];
  locale: string;
  brand: string;
  hotline: string;
  baseUrl: string;
}

/**
 * The order confirmation, rendered when it is sent (from the reservation as
 * stored, in the language the order was made in). Plain text: messages go
 * through systems that strip HTML, and bidi marks are removed for SMS gateways.
 */
export function renderConfirmation(
  input: ConfirmationInput,
  channel: 'email' | 'sms',
): { subject: string | null; body: string } {
  const locale: Locale = isLocale(input.locale) ? input.locale : 'he';
  const w = WORDS[locale];
  const r = input.reservation;
  const link = `${input.baseUrl}/edocument/${r.documentKey}`;
  const shows = new Map<number, DocumentTicket[]>();
  for (const t of input.tickets) shows.set(t.presentationId, [...(shows.get(t.presentationId) ?? []), t]);
  const showLine = (show: DocumentTicket[]) => {
    const t = show[0]!;
    const when = formatJerusalemDateTime(new Date(t.dateTime).toISOString(), locale);
    return `${localizedName(locale, names(t, 'featureName'))} - ${when} - ${localizedName(locale, names(t, 'venueName'))}`;
  };
  const params = { id: r.identifier, brand: input.brand, hotline: input.hotline, link };
  const vouchers = input.vouchers ?? [];
  const donations = input.donations ?? [];
  // The last day in Israel, written as the reader writes a date (day, month's name, year).
  const until = (v: DocumentVoucher) =>
    v.expiresAt ? formatJerusalemDate(new Date(v.expiresAt).toISOString(), locale) : '-';
  const voucherParams = (v: DocumentVoucher) => ({
    name: localizedName(locale, { he: v.name, en: v.nameEn, ru: v.nameRu, ar: v.nameAr }),
    value: formatShekels(v.valueAgorot, locale),
    reference: v.reference,
    until: until(v),
  });
  const memberships = input.memberships ?? [];
  const membershipLine = (m: DocumentMembership) =>
    fill(m.kind === 'new' ? w.membership : w.topup, {
      name: localizedName(locale, { he: m.name, en: m.nameEn, ru: m.nameRu, ar: m.nameAr }),
      number: m.memberNumber,
      units: String(m.units),
      until: m.endsAt ? formatJerusalemDate(new Date(m.endsAt).toISOString(), locale) : '-',
    });
  const donationLine = (d: DocumentDonation) =>
    fill(w.receipt, {
      receipt: d.receiptNumber,
      name: localizedName(locale, { he: d.name, en: d.nameEn, ru: d.nameRu, ar: d.nameAr }),
      quantity: String(d.quantity),
      amount: formatShekels(d.unitAgorot * d.quantity, locale),
    });
  if (channel === 'sms') {
    if (shows.size === 0) {
      // A voucher or donation order: the SMS carries the voucher codes (or the receipt numbers) themselves.
      const items = [
        ...memberships.map(membershipLine),
        ...vouchers.map((v) => fill(w.voucherSms, voucherParams(v))),
        ...donations.map(donationLine),
      ].join('; ');
      return { subject: null, body: stripBidiMarks(`${input.brand}: ${fill(w.confirmed, params)} ${items}`) };
    }
    const first = [...shows.values()][0];
    return { subject: null, body: stripBidiMarks(fill(w.sms, { ...params, show: first ? showLine(first) : '' })) };
  }
  const name = [r.customer.firstName, r.customer.lastName].filter((x) => typeof x === 'string' && x).join(' ');
  const lines = [fill(w.hello, { name }), '', fill(w.confirmed, params), ''];
  for (const show of shows.values()) {
    lines.push(showLine(show));
    for (const t of show) lines.push(`  - ${seatText(t, locale)} (${localizedName(locale, names(t, 'ticketName'))})`);
    lines.push('');
  }
  for (const m of memberships) lines.push(membershipLine(m));
  if (memberships.length) lines.push('');
  for (const v of vouchers) lines.push(fill(w.voucher, voucherParams(v)));
  if (vouchers.length) {
    const historyLink = `${input.baseUrl}/system-vouchers/history`;
    lines.push(fill(w.voucherHint, { historyLink }), '');
  }
  if (donations.length) {
    lines.push(w.receiptTitle, ...donations.map(donationLine), w.thanks, '');
  }
  lines.push(fill(w.total, { total: formatShekels(r.totalAgorot, locale) }));
  if (shows.size > 0) lines.push(fill(w.tickets, params));
  lines.push('', fill(w.help, params));
  return { subject: fill(w.subject, params), body: lines.join('\n') };
}
