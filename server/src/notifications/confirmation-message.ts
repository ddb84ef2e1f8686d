import { formatJerusalemDateTime, formatShekels, stripBidiMarks } from '@hotline/shared';
import { isLocale, type Locale } from '../common/locale';
import type { DocumentReservation, DocumentTicket } from '../reservations/documents.repository';
import { seatText } from '../reservations/edocument.service';

interface Words {
  subject: string;
  hello: string;
  confirmed: string;
  total: string;
  tickets: string;
  help: string;
  sms: string;
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
  },
  en: {
    subject: 'Order confirmation {id} - {brand}',
    hello: 'Hello {name},',
    confirmed: 'Your order {id} is confirmed.',
    total: 'Total paid: {total}',
    tickets: 'Your e-tickets: {link}',
    help: 'Questions: {hotline}',
    sms: '{brand}: order {id} confirmed. {show}. Tickets: {link}',
  },
  ru: {
    subject: 'Подтверждение заказа {id} - {brand}',
    hello: 'Здравствуйте, {name}!',
    confirmed: 'Ваш заказ {id} подтверждён.',
    total: 'Оплачено: {total}',
    tickets: 'Электронные билеты: {link}',
    help: 'Вопросы: {hotline}',
    sms: '{brand}: заказ {id} подтверждён. {show}. Билеты: {link}',
  },
  ar: {
    subject: 'تأكيد الطلب {id} - {brand}',
    hello: 'مرحبًا {name}،',
    confirmed: 'تم تأكيد طلبك {id}.',
    total: 'المبلغ المدفوع: {total}',
    tickets: 'التذاكر الإلكترونية: {link}',
    help: 'للاستفسار: {hotline}',
    sms: '{brand}: تم تأكيد الطلب {id}. {show}. التذاكر: {link}',
  },
};

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (w, k: string) => params[k] ?? w);

export interface ConfirmationInput {
  reservation: DocumentReservation;
  tickets: DocumentTicket[];
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
  const he = locale === 'he';
  const shows = new Map<number, DocumentTicket[]>();
  for (const t of input.tickets) shows.set(t.presentationId, [...(shows.get(t.presentationId) ?? []), t]);
  const showLine = (show: DocumentTicket[]) => {
    const t = show[0]!;
    const when = formatJerusalemDateTime(new Date(t.dateTime).toISOString(), locale);
    return `${he ? t.featureName : t.featureNameEn} - ${when} - ${he ? t.venueName : t.venueNameEn}`;
  };
  const params = { id: r.identifier, brand: input.brand, hotline: input.hotline, link };
  if (channel === 'sms') {
    const first = [...shows.values()][0];
    return { subject: null, body: stripBidiMarks(fill(w.sms, { ...params, show: first ? showLine(first) : '' })) };
  }
  const name = [r.customer.firstName, r.customer.lastName].filter((x) => typeof x === 'string' && x).join(' ');
  const lines = [fill(w.hello, { name }), '', fill(w.confirmed, params), ''];
  for (const show of shows.values()) {
    lines.push(showLine(show));
    for (const t of show) lines.push(`  - ${seatText(t, locale)} (${he ? t.ticketName : t.ticketNameEn})`);
    lines.push('');
  }
  lines.push(
    fill(w.total, { total: formatShekels(r.totalAgorot, locale) }),
    fill(w.tickets, params),
    '',
    fill(w.help, params),
  );
  return { subject: fill(w.subject, params), body: lines.join('\n') };
}
