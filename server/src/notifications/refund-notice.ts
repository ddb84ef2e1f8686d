import { formatShekels } from '@hotline/shared';
import { isLocale, type Locale } from '../common/locale';
import { renderNotice, type NoticeWords } from './payload-notice';

/** Outbox template written by the commit's recovery (orders/cart-money-subject.ts) when money went back with no sale. */
export const REFUND_NOTICE_TEMPLATE = 'payment-refunded';

const WORDS: Record<Locale, NoticeWords> = {
  he: {
    subject: 'החזר כספי על הזמנה שלא הושלמה - {brand}',
    body: 'שלום,\n\nההזמנה שלך לא הושלמה, והחיוב בסך {amount} הוחזר לכרטיס האשראי.\n\nלשאלות: {hotline}',
    sms: '{brand}: ההזמנה לא הושלמה. החיוב בסך {amount} הוחזר לכרטיס. לשאלות: {hotline}',
  },
  en: {
    subject: 'Refund for an order that was not completed - {brand}',
    body: 'Hello,\n\nYour order could not be completed, and the charge of {amount} was refunded to your card.\n\nQuestions: {hotline}',
    sms: '{brand}: your order was not completed. The charge of {amount} was refunded to your card. Questions: {hotline}',
  },
  ru: {
    subject: 'Возврат средств за незавершённый заказ - {brand}',
    body: 'Здравствуйте!\n\nВаш заказ не удалось завершить, списание {amount} возвращено на карту.\n\nВопросы: {hotline}',
    sms: '{brand}: заказ не завершён. Списание {amount} возвращено на карту. Вопросы: {hotline}',
  },
  ar: {
    subject: 'استرداد مبلغ طلب لم يكتمل - {brand}',
    body: 'مرحبًا،\n\nلم يكتمل طلبك، وتمت إعادة مبلغ {amount} إلى بطاقتك.\n\nللاستفسارات: {hotline}',
    sms: '{brand}: لم يكتمل طلبك. تمت إعادة مبلغ {amount} إلى بطاقتك. للاستفسارات: {hotline}',
  },
};

/** The buyer's notice that a charge was refunded (no reservation exists: everything comes from the outbox payload). */
export function renderRefundNotice(
  input: { payload: Record<string, unknown>; locale: string; brand: string; hotline: string },
  channel: 'email' | 'sms',
): { subject: string | null; body: string } {
  const locale: Locale = isLocale(input.locale) ? input.locale : 'he';
  const w = WORDS[locale];
  const agorot = typeof input.payload.amountAgorot === 'number' ? input.payload.amountAgorot : 0;
  const params = { brand: input.brand, hotline: input.hotline, amount: formatShekels(agorot, locale) };
  return renderNotice(w, params, channel);
}
