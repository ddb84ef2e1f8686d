import { formatShekels, isRightToLeft, PAYMENT_FORM_MESSAGE_CANCELLED, type PaymentFormMessage } from '@hotline/shared';
import type { Locale } from '../common/locale';
import { groupCardNumber, SANDBOX_TEST_CARDS } from './sandbox-cards';
import type { SandboxOutcome } from './sandbox-ledger.repository';

/**
 * The SANDBOX's hosted card page (HTML, no framework, works without JavaScript).
 * It is a simulation, and says so in a banner nobody can miss, in the page's
 * language and in English. Posting it records a card authorisation; the page
 * that answers hands it to the storefront with postMessage (same origin only).
 */
export type SandboxFormField = 'cardNumber' | 'expiry' | 'cvv' | 'holderId' | 'instalments';

interface Texts {
  title: string;
  banner: string;
  bannerDetail: string;
  amount: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  holderId: string;
  instalments: string;
  submit: string;
  cancel: string;
  testCards: string;
  outcomes: Record<SandboxOutcome, string>;
  testId: string;
  done: string;
  expired: string;
  errors: Record<SandboxFormField | 'notTestCard', string>;
}

const TEXTS: Record<Locale, Texts> = {
  he: {
    title: 'תשלום מאובטח - סביבת ניסוי',
    banner: 'סביבת ניסוי (SANDBOX) - אין חיוב בכסף אמיתי',
    bannerDetail: 'זוהי הדמיה של ספק תשלומים. ניתן להשתמש רק בכרטיסי הניסוי שלמטה.',
    amount: 'סכום לתשלום',
    cardNumber: 'מספר כרטיס',
    expiry: 'תוקף (MM/YY)',
    cvv: 'קוד CVV',
    holderId: 'תעודת זהות של בעל הכרטיס',
    instalments: 'מספר תשלומים',
    submit: 'אישור',
    cancel: 'ביטול',
    testCards: 'כרטיסי ניסוי',
    outcomes: {
      approve: 'העסקה מאושרת',
      decline: 'העסקה נדחית',
      insufficient_funds: 'אין מספיק מסגרת',
      timeout: 'אין תשובה (זמן קצוב)',
    },
    testId: 'תעודת זהות לניסוי: 000000018',
    done: 'פרטי הכרטיס התקבלו. ההזמנה תושלם באתר.',
    expired: 'דף התשלום פג תוקף. סגרו אותו ופתחו מחדש.',
    errors: {
      cardNumber: 'מספר הכרטיס אינו תקין',
      notTestCard: 'בסביבת הניסוי ניתן להשתמש רק בכרטיסי הניסוי',
      expiry: 'תוקף הכרטיס אינו תקין',
      cvv: 'קוד CVV אינו תקין',
      holderId: 'מספר תעודת הזהות אינו תקין',
      instalments: 'מספר התשלומים אינו תקין',
    },
  },
  en: {
    title: 'Secure payment - sandbox',
    banner: 'SANDBOX - no real money',
    bannerDetail: 'This is a simulated payment provider. Only the test cards below are accepted.',
    amount: 'Amount to pay',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvv: 'CVV',
    holderId: 'Card holder ID number',
    instalments: 'Number of instalments',
    submit: 'Confirm',
    cancel: 'Cancel',
    testCards: 'Test cards',
    outcomes: {
      approve: 'approved',
      decline: 'declined',
      insufficient_funds: 'insufficient funds',
      timeout: 'no answer (timeout)',
    },
    testId: 'Test ID number: 000000018',
    done: 'Card details received. The order is completed on the site.',
    expired: 'This payment page has expired. Close it and open it again.',
    errors: {
      cardNumber: 'The card number is not valid',
      notTestCard: 'The sandbox accepts only the test cards',
      expiry: 'The expiry date is not valid',
      cvv: 'The CVV is not valid',
      holderId: 'The ID number is not valid',
      instalments: 'The number of instalments is not valid',
    },
  },
  ru: {
    title: 'Безопасная оплата - тестовая среда',
    banner: 'ТЕСТОВАЯ СРЕДА (SANDBOX) - реальные деньги не списываются',
    bannerDetail: 'Это имитация платёжного провайдера. Принимаются только тестовые карты ниже.',
    amount: 'Сумма к оплате',
    cardNumber: 'Номер карты',
    expiry: 'Срок действия (MM/YY)',
    cvv: 'Код CVV',
    holderId: 'Номер удостоверения владельца карты',
    instalments: 'Количество платежей',
    submit: 'Подтвердить',
    cancel: 'Отмена',
    testCards: 'Тестовые карты',
    outcomes: {
      approve: 'одобрено',
      decline: 'отклонено',
      insufficient_funds: 'недостаточно средств',
      timeout: 'нет ответа (тайм-аут)',
    },
    testId: 'Тестовый номер удостоверения: 000000018',
    done: 'Данные карты получены. Заказ завершается на сайте.',
    expired: 'Срок действия страницы оплаты истёк. Закройте её и откройте заново.',
    errors: {
      cardNumber: 'Неверный номер карты',
      notTestCard: 'В тестовой среде принимаются только тестовые карты',
      expiry: 'Неверный срок действия',
      cvv: 'Неверный CVV',
      holderId: 'Неверный номер удостоверения',
      instalments: 'Неверное количество платежей',
    },
  },
  ar: {
    title: 'دفع آمن - بيئة تجريبية',
    banner: 'بيئة تجريبية (SANDBOX) - لا يتم خصم أموال حقيقية',
    bannerDetail: 'هذه محاكاة لمزوّد دفع. تُقبل بطاقات الاختبار أدناه فقط.',
    amount: 'المبلغ المطلوب',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvv: 'رمز CVV',
    holderId: 'رقم هوية صاحب البطاقة',
    instalments: 'عدد الدفعات',
    submit: 'تأكيد',
    cancel: 'إلغاء',
    testCards: 'بطاقات الاختبار',
    outcomes: {
      approve: 'مقبولة',
      decline: 'مرفوضة',
      insufficient_funds: 'رصيد غير كافٍ',
      timeout: 'لا يوجد رد (انتهاء المهلة)',
    },
    testId: 'رقم هوية للاختبار: 000000018',
    done: 'تم استلام بيانات البطاقة. يُستكمل الطلب في الموقع.',
    expired: 'انتهت صلاحية صفحة الدفع. أغلقها وافتحها من جديد.',
    errors: {
      cardNumber: 'رقم البطاقة غير صالح',
      notTestCard: 'تقبل البيئة التجريبية بطاقات الاختبار فقط',
      expiry: 'تاريخ الانتهاء غير صالح',
      cvv: 'رمز CVV غير صالح',
      holderId: 'رقم الهوية غير صالح',
      instalments: 'عدد الدفعات غير صالح',
    },
  },
};

export function sandboxErrorText(locale: Locale, key: SandboxFormField | 'notTestCard'): string {
  return TEXTS[locale].errors[key];
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a <script>: '<' escaped so no value can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", Arial, sans-serif; margin: 0; background: #f7f7f9; color: #1b1b1f; }
  .banner { background: #b00020; color: #fff; padding: 14px 16px; text-align: center; font-weight: 700; font-size: 1.25rem; letter-spacing: .02em; }
  .banner small { display: block; font-weight: 400; font-size: .9rem; margin-top: 4px; }
  main { max-width: 440px; margin: 16px auto; padding: 0 16px 24px; }
  h1 { font-size: 1.15rem; }
  .amount { font-size: 1.1rem; margin: 8px 0 16px; }
  label { display: block; margin-top: 12px; font-weight: 600; }
  input, select { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 10px; margin-top: 4px; border: 1px solid #8a8a94; border-radius: 6px; }
  input[aria-invalid="true"] { border-color: #b00020; }
  .error { color: #b00020; font-size: .9rem; margin-top: 4px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; font-size: 1rem; padding: 12px; border-radius: 6px; border: 0; cursor: pointer; }
  button[type=submit] { background: #1d4ed8; color: #fff; } button.secondary { background: #e4e4ea; color: #1b1b1f; }
  .cards { margin-top: 24px; padding: 12px; background: #fff8e1; border: 1px dashed #b8860b; border-radius: 6px; font-size: .9rem; }
  .cards code { direction: ltr; unicode-bidi: isolate; }
  .ltr { direction: ltr; text-align: start; }
`;

function page(locale: Locale, body: string, script = ''): string {
  const t = TEXTS[locale];
  const dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="alert">${escapeHtml(t.banner)}<small>${escapeHtml(t.bannerDetail)}</small></div>
<main>
${body}
</main>
${script}
</body>
</html>`;
}

export interface SandboxFormView {
  locale: Locale;
  token: string;
  totalAgorot: number;
  maxInstalments: number;
  values?: Partial<Record<SandboxFormField, string>>;
  errors?: Partial<Record<SandboxFormField, string>>;
}

export function renderSandboxForm(view: SandboxFormView): string {
  const t = TEXTS[view.locale];
  const v = view.values ?? {};
  const e = view.errors ?? {};
  // The first field with an error takes focus, else the card number (the storefront's dialog also moves focus here).
  const first = (['cardNumber', 'expiry', 'cvv', 'holderId'] as const).find((f) => e[f]) ?? 'cardNumber';
  const field = (name: SandboxFormField, label: string, attrs: string) => `
    <label for="${name}">${escapeHtml(label)}</label>
    <input id="${name}" name="${name}" class="ltr" ${attrs} value="${escapeHtml(v[name] ?? '')}"${name === first ? ' autofocus' : ''}${e[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
    ${e[name] ? `<div class="error" id="${name}-error">${escapeHtml(e[name]!)}</div>` : ''}`;
  const selected = Number(v.instalments ?? '1');
  const options = Array.from({ length: view.maxInstalments }, (_, i) => i + 1)
    .map((n) => `<option value="${n}"${n === selected ? ' selected' : ''}>${n}</option>`)
    .join('');
  const cards = SANDBOX_TEST_CARDS.map(
    (c) => `<li><code>${groupCardNumber(c.number)}</code> - ${escapeHtml(t.outcomes[c.outcome])}</li>`,
  ).join('');
  const body = `
  <h1>${escapeHtml(t.title)}</h1>
  <div class="amount">${escapeHtml(t.amount)}: <strong>${escapeHtml(formatShekels(view.totalAgorot, view.locale))}</strong></div>
  <form method="post" action="/api/payment/sandbox/form/${encodeURIComponent(view.token)}?lang=${view.locale}" novalidate>
    ${field('cardNumber', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
    <div class="row">
      <div>${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5" required')}</div>
      <div>${field('cvv', t.cvv, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}</div>
    </div>
    ${field('holderId', t.holderId, 'inputmode="numeric" maxlength="9" required')}
    <label for="instalments">${escapeHtml(t.instalments)}</label>
    <select id="instalments" name="instalments">${options}</select>
    ${e.instalments ? `<div class="error">${escapeHtml(e.instalments)}</div>` : ''}
    <div class="actions">
      <button type="submit">${escapeHtml(t.submit)}</button>
      <button type="button" class="secondary" id="cancel">${escapeHtml(t.cancel)}</button>
    </div>
  </form>
  <div class="cards"><strong>${escapeHtml(t.testCards)}</strong><ul>${cards}</ul>${escapeHtml(t.testId)}</div>`;
  const cancel: PaymentFormMessage = { type: PAYMENT_FORM_MESSAGE_CANCELLED };
  // The card number is grouped in fours as it is typed (the caret stays after the same digit) and sent without the
  // spaces; anything but digits and spaces is left as typed, for the server to refuse with its own sentence.
  const script = `<script>
document.getElementById('cancel').addEventListener('click', function () {
  var target = window.parent !== window ? window.parent : window.opener;
  if (target) target.postMessage(${scriptJson(cancel)}, window.location.origin);
});
(function () {
  var card = document.getElementById('cardNumber');
  function grouped(value) {
    var digits = value.replace(/ /g, '');
    return /^[0-9]*$/.test(digits) ? digits.replace(/([0-9]{4})(?=[0-9])/g, '$1 ') : value;
  }
  card.value = grouped(card.value);
  card.addEventListener('input', function () {
    var caret = card.selectionStart === null ? card.value.length : card.selectionStart;
    var before = card.value.slice(0, caret).replace(/[^0-9]/g, '').length;
    var next = grouped(card.value);
    if (next === card.value) return;
    card.value = next;
    var at = 0;
    for (var seen = 0; at < next.length && seen < before; at++) if (next.charAt(at) !== ' ') seen++;
    card.setSelectionRange(at, at);
  });
  card.form.addEventListener('submit', function () {
    card.value = card.value.replace(/ /g, '');
  });
})();
</script>`;
  return page(view.locale, body, script);
}

export function renderSandboxDone(locale: Locale, message: PaymentFormMessage): string {
  const t = TEXTS[locale];
  // Same origin only: the authorisation is useless to another site, but it is not theirs to see either.
  const script = `<script>
(function () {
  var message = ${scriptJson(message)};
  var target = window.parent !== window ? window.parent : window.opener;
  if (target) target.postMessage(message, window.location.origin);
})();
</script>`;
  return page(locale, `<h1>${escapeHtml(t.title)}</h1><p role="status">${escapeHtml(t.done)}</p>`, script);
}

export function renderSandboxExpired(locale: Locale): string {
  const t = TEXTS[locale];
  return page(locale, `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.expired)}</p>`);
}
