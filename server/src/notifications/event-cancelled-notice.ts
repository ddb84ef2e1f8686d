import { formatJerusalemDateTime, formatShekels } from '@hotline/shared';
import { isLocale, type Locale } from '../common/locale';
import { fill, renderNotice, type NoticeWords } from './payload-notice';

/** Outbox template written when the back office cancels a date (catalogue-admin): each order's buyer is told. */
export const EVENT_CANCELLED_TEMPLATE = 'presentation-cancelled';

export interface EventCancelledPayload {
  eventName: Record<Locale, string>;
  orderIdentifier: string;
  /** ISO 8601 instant of the cancelled date. */
  startsAt: string;
  refundAgorot: number;
}

const WORDS: Record<Locale, NoticeWords & { refund: string }> = {
  he: {
    subject: 'ביטול: {event} - {brand}',
    body: 'שלום,\n\n{event} ב-{when} בוטל.\nהכרטיסים בהזמנה {order} בוטלו.{refund}\n\nלשאלות: {hotline}',
    refund: ' סך {amount} יוחזר לאמצעי התשלום שבו שילמת.',
    sms: '{brand}: {event} ב-{when} בוטל. הזמנה {order}.{refund} לשאלות: {hotline}',
  },
  en: {
    subject: 'Cancelled: {event} - {brand}',
    body: 'Hello,\n\n{event} on {when} is cancelled.\nThe tickets of order {order} are cancelled.{refund}\n\nQuestions: {hotline}',
    refund: ' {amount} is refunded to how you paid.',
    sms: '{brand}: {event} on {when} is cancelled. Order {order}.{refund} Questions: {hotline}',
  },
  ru: {
    subject: 'Отмена: {event} - {brand}',
    body: 'Здравствуйте!\n\nМероприятие «{event}» {when} отменено.\nБилеты заказа {order} отменены.{refund}\n\nВопросы: {hotline}',
    refund: ' {amount} будет возвращено тем же способом, которым вы платили.',
    sms: '{brand}: «{event}» {when} отменено. Заказ {order}.{refund} Вопросы: {hotline}',
  },
  ar: {
    subject: 'إلغاء: {event} - {brand}',
    body: 'مرحبًا،\n\nأُلغي {event} في {when}.\nأُلغيت تذاكر الطلب {order}.{refund}\n\nللاستفسارات: {hotline}',
    refund: ' سيُعاد مبلغ {amount} إلى وسيلة الدفع التي استخدمتموها.',
    sms: '{brand}: أُلغي {event} في {when}. الطلب {order}.{refund} للاستفسارات: {hotline}',
  },
};

/** The buyer's notice that a date is cancelled and what comes back, in the order's language. */
export function renderEventCancelledNotice(
  input: { payload: Record<string, unknown>; locale: string; brand: string; hotline: string },
  channel: 'email' | 'sms',
): { subject: string | null; body: string } {
  const locale: Locale = isLocale(input.locale) ? input.locale : 'he';
  const p = input.payload as unknown as EventCancelledPayload;
  const w = WORDS[locale];
  const refund = p.refundAgorot > 0 ? fill(w.refund, { amount: formatShekels(p.refundAgorot, locale) }) : '';
  const params = {
    brand: input.brand,
    hotline: input.hotline,
    event: p.eventName?.[locale] || p.eventName?.en || '',
    order: p.orderIdentifier,
    when: formatJerusalemDateTime(p.startsAt, locale),
    refund,
  };
  return renderNotice(w, params, channel);
}
