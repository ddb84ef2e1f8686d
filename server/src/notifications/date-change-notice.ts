import { formatJerusalemDateTime } from '@hotline/shared';
import { isLocale, type Locale } from '../common/locale';
import { renderNotice, type NoticeWords } from './payload-notice';

/** Outbox template written when the back office moves a date (catalogue-admin): every order for it is told. */
export const DATE_CHANGE_TEMPLATE = 'presentation-moved';

/** What the outbox row carries: the event's name in four languages, the order, and the old and new start. */
export interface DateChangePayload {
  eventName: Record<Locale, string>;
  orderIdentifier: string;
  /** ISO 8601 instants. */
  from: string;
  to: string;
}

const WORDS: Record<Locale, NoticeWords> = {
  he: {
    subject: 'שינוי מועד: {event} - {brand}',
    body: 'שלום,\n\nהמועד של {event} השתנה.\nהמועד הקודם: {from}\nהמועד החדש: {to}\n\nהכרטיסים בהזמנה {order} תקפים למועד החדש, באותם מקומות.\n\nלשאלות: {hotline}',
    sms: '{brand}: {event} עבר מ-{from} ל-{to}. הכרטיסים בהזמנה {order} תקפים למועד החדש. לשאלות: {hotline}',
  },
  en: {
    subject: 'New date: {event} - {brand}',
    body: 'Hello,\n\nThe date of {event} has changed.\nWas: {from}\nNow: {to}\n\nThe tickets of order {order} are valid for the new date, in the same places.\n\nQuestions: {hotline}',
    sms: '{brand}: {event} moved from {from} to {to}. The tickets of order {order} are valid for the new date. Questions: {hotline}',
  },
  ru: {
    subject: 'Новая дата: {event} - {brand}',
    body: 'Здравствуйте!\n\nДата мероприятия «{event}» изменилась.\nБыло: {from}\nСтало: {to}\n\nБилеты заказа {order} действительны на новую дату, на тех же местах.\n\nВопросы: {hotline}',
    sms: '{brand}: «{event}» перенесено с {from} на {to}. Билеты заказа {order} действительны на новую дату. Вопросы: {hotline}',
  },
  ar: {
    subject: 'موعد جديد: {event} - {brand}',
    body: 'مرحبًا،\n\nتغيّر موعد {event}.\nالموعد السابق: {from}\nالموعد الجديد: {to}\n\nتذاكر الطلب {order} صالحة للموعد الجديد، في الأماكن نفسها.\n\nللاستفسارات: {hotline}',
    sms: '{brand}: نُقل {event} من {from} إلى {to}. تذاكر الطلب {order} صالحة للموعد الجديد. للاستفسارات: {hotline}',
  },
};

/** The buyer's notice that a date moved, in the order's language (the event's name in it, English where missing). */
export function renderDateChangeNotice(
  input: { payload: Record<string, unknown>; locale: string; brand: string; hotline: string },
  channel: 'email' | 'sms',
): { subject: string | null; body: string } {
  const locale: Locale = isLocale(input.locale) ? input.locale : 'he';
  const p = input.payload as unknown as DateChangePayload;
  const params = {
    brand: input.brand,
    hotline: input.hotline,
    event: p.eventName?.[locale] || p.eventName?.en || '',
    order: p.orderIdentifier,
    from: formatJerusalemDateTime(p.from, locale),
    to: formatJerusalemDateTime(p.to, locale),
  };
  const w = WORDS[locale];
  return renderNotice(w, params, channel);
}
