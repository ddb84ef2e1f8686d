import { formatShekels, isRightToLeft, PAYMENT_FORM_MESSAGE_CANCELLED, type PaymentFormMessage } from '@hotline/shared';
import type { Locale } from '../../common/locale';
import type { SandboxOutcome } from '../sandbox-ledger.repository';

/**
 * The SANDBOX wallet's checkout page (plain HTML, works without JavaScript), where
 * a real wallet would log the buyer in and ask them to approve. It is a
 * simulation and says so in a red banner, in the page's language and in English.
 * The buyer picks a sandbox account (each simulates one outcome) and approves or
 * cancels; the answer page posts the result to the storefront (same origin only).
 */
interface Texts {
  title: string;
  banner: string;
  bannerDetail: string;
  amount: string;
  account: string;
  approve: string;
  cancel: string;
  accounts: Record<SandboxOutcome, string>;
  done: string;
  cancelled: string;
  expired: string;
}

const TEXTS: Record<Locale, Texts> = {
  he: {
    title: 'ארנק דיגיטלי - סביבת ניסוי',
    banner: 'סביבת ניסוי (SANDBOX) - אין חיוב בכסף אמיתי',
    bannerDetail: 'זוהי הדמיה של ארנק דיגיטלי. בחרו חשבון ניסוי.',
    amount: 'סכום לתשלום',
    account: 'חשבון ניסוי',
    approve: 'אישור תשלום בארנק',
    cancel: 'ביטול וחזרה לאתר',
    accounts: {
      approve: 'buyer@sandbox - התשלום מאושר',
      decline: 'declined@sandbox - התשלום נדחה',
      insufficient_funds: 'no-funds@sandbox - אין מספיק יתרה',
      timeout: 'no-answer@sandbox - אין תשובה (זמן קצוב)',
    },
    done: 'התשלום אושר בארנק. ההזמנה תושלם באתר.',
    cancelled: 'התשלום בארנק בוטל.',
    expired: 'דף הארנק פג תוקף. סגרו אותו ופתחו מחדש.',
  },
  en: {
    title: 'Digital wallet - sandbox',
    banner: 'SANDBOX - no real money',
    bannerDetail: 'This is a simulated digital wallet. Choose a sandbox account.',
    amount: 'Amount to pay',
    account: 'Sandbox account',
    approve: 'Approve wallet payment',
    cancel: 'Cancel and return',
    accounts: {
      approve: 'buyer@sandbox - payment approved',
      decline: 'declined@sandbox - payment declined',
      insufficient_funds: 'no-funds@sandbox - insufficient funds',
      timeout: 'no-answer@sandbox - no answer (timeout)',
    },
    done: 'Wallet payment approved. The order is completed on the site.',
    cancelled: 'Wallet payment cancelled.',
    expired: 'This wallet page has expired. Close it and open it again.',
  },
  ru: {
    title: 'Электронный кошелёк - тестовая среда',
    banner: 'ТЕСТОВАЯ СРЕДА (SANDBOX) - без реальных денег',
    bannerDetail: 'Это имитация электронного кошелька. Выберите тестовый счёт.',
    amount: 'Сумма к оплате',
    account: 'Тестовый счёт',
    approve: 'Подтвердить оплату кошельком',
    cancel: 'Отменить и вернуться',
    accounts: {
      approve: 'buyer@sandbox - оплата одобрена',
      decline: 'declined@sandbox - оплата отклонена',
      insufficient_funds: 'no-funds@sandbox - недостаточно средств',
      timeout: 'no-answer@sandbox - нет ответа (тайм-аут)',
    },
    done: 'Оплата кошельком подтверждена. Заказ будет завершён на сайте.',
    cancelled: 'Оплата кошельком отменена.',
    expired: 'Срок действия страницы кошелька истёк. Закройте её и откройте снова.',
  },
  ar: {
    title: 'محفظة رقمية - بيئة تجريبية',
    banner: 'بيئة تجريبية (SANDBOX) - لا أموال حقيقية',
    bannerDetail: 'هذه محاكاة لمحفظة رقمية. اختر حسابًا تجريبيًا.',
    amount: 'المبلغ المطلوب',
    account: 'حساب تجريبي',
    approve: 'تأكيد الدفع بالمحفظة',
    cancel: 'إلغاء والعودة',
    accounts: {
      approve: 'buyer@sandbox - تمت الموافقة على الدفع',
      decline: 'declined@sandbox - تم رفض الدفع',
      insufficient_funds: 'no-funds@sandbox - رصيد غير كافٍ',
      timeout: 'no-answer@sandbox - لا رد (انتهت المهلة)',
    },
    done: 'تمت الموافقة على الدفع بالمحفظة. يكتمل الطلب في الموقع.',
    cancelled: 'تم إلغاء الدفع بالمحفظة.',
    expired: 'انتهت صلاحية صفحة المحفظة. أغلقها وافتحها من جديد.',
  },
};

export const WALLET_OUTCOMES: readonly SandboxOutcome[] = ['approve', 'decline', 'insufficient_funds', 'timeout'];

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; margin: 0; background: #f7f7f9; color: #1b1b1f; }
  .banner { background: #b00020; color: #fff; padding: 14px 16px; text-align: center; font-weight: 700; font-size: 1.25rem; }
  .banner small { display: block; font-weight: 400; font-size: .9rem; margin-top: 4px; }
  main { max-width: 440px; margin: 16px auto; padding: 0 16px 24px; }
  h1 { font-size: 1.15rem; }
  .amount { font-size: 1.1rem; margin: 8px 0 16px; }
  label { display: block; margin-top: 12px; font-weight: 600; }
  select { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 10px; margin-top: 4px; border: 1px solid #8a8a94; border-radius: 6px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { flex: 1; font-size: 1rem; padding: 12px; border-radius: 6px; border: 0; cursor: pointer; }
  button[value=approve] { background: #1d4ed8; color: #fff; } button[value=cancel] { background: #e4e4ea; color: #1b1b1f; }
`;

function page(locale: Locale, body: string, script = ''): string {
  const t = TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}" dir="${isRightToLeft(locale) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="alert">${escapeHtml(t.banner)}${locale === 'en' ? '' : '<small>SANDBOX - no real money</small>'}<small>${escapeHtml(t.bannerDetail)}</small></div>
<main>
${body}
</main>
${script}
</body>
</html>`;
}

export function renderWalletCheckout(view: { locale: Locale; token: string; totalAgorot: number }): string {
  const t = TEXTS[view.locale];
  const options = WALLET_OUTCOMES.map((o) => `<option value="${o}">${escapeHtml(t.accounts[o])}</option>`).join('');
  return page(
    view.locale,
    `<h1>${escapeHtml(t.title)}</h1>
  <div class="amount">${escapeHtml(t.amount)}: <strong>${escapeHtml(formatShekels(view.totalAgorot, view.locale))}</strong></div>
  <form method="post" action="/api/payment/sandbox/wallet/${encodeURIComponent(view.token)}?lang=${view.locale}">
    <label for="account">${escapeHtml(t.account)}</label>
    <select id="account" name="account">${options}</select>
    <div class="actions">
      <button type="submit" name="action" value="approve">${escapeHtml(t.approve)}</button>
      <button type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
    </div>
  </form>`,
  );
}

/** The answer page: posts the approval (or the cancellation) to the storefront window, same origin only. */
export function renderWalletAnswer(locale: Locale, message: PaymentFormMessage): string {
  const t = TEXTS[locale];
  const text = message.type === PAYMENT_FORM_MESSAGE_CANCELLED ? t.cancelled : t.done;
  const script = `<script>
(function () {
  var message = ${scriptJson(message)};
  var target = window.parent !== window ? window.parent : window.opener;
  if (target) target.postMessage(message, window.location.origin);
})();
</script>`;
  return page(locale, `<h1>${escapeHtml(t.title)}</h1><p role="status">${escapeHtml(text)}</p>`, script);
}

export function renderWalletExpired(locale: Locale): string {
  const t = TEXTS[locale];
  return page(locale, `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.expired)}</p>`);
}
