import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from '../state/cart-store';
import { getVoucher } from './api';
import { withBotToken } from './botcheck';
import { canAddVoucher } from './cart-logic';
import { isolate, money } from './format';
import { useCartTotals } from './hooks';

type Feedback = { kind: 'ok' | 'error'; text: string } | null;

/**
 * Gift vouchers as payment (GET /api/payment/voucher; spec section 5): each pays
 * the lesser of the balance still due and its own balance; one that would pay
 * nothing is refused with 'לא נותרה יתרה למימוש הטבה'. Several may be added; what
 * they pay comes off the balance due.
 */
export function VoucherForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const feedbackId = useId();
  const totals = useCartTotals();
  const addVoucher = useCartStore((s) => s.addVoucher);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reference = code.trim();
    if (!reference || busy) return;
    setBusy(true);
    setFeedback(null);
    try {
      const { payment } = await withBotToken((token) => getVoucher(reference, token));
      if (useCartStore.getState().vouchers.some((v) => v.id === payment.id)) {
        setFeedback({ kind: 'error', text: t('voucher.alreadyAdded') });
        return;
      }
      const check = canAddVoucher(totals.balanceDueAgorot, payment.balance, locale);
      if (!check.ok) {
        setFeedback({ kind: 'error', text: check.message });
        return;
      }
      addVoucher({ id: payment.id, code: payment.code, balance: payment.balance, name: payment.name });
      setCode('');
      setFeedback({ kind: 'ok', text: t('voucher.added', { code: isolate(payment.code, locale), amount: money(check.amountAgorot, locale) }) });
    } catch (error) {
      setFeedback({ kind: 'error', text: error instanceof ApiError && error.message ? error.message : t('voucher.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="booking-card voucher-form" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="booking-card__title booking-card__title--small">
        {t('voucher.title')}
      </h2>
      <p className="booking-card__sub">{t('voucher.intro')}</p>
      <form className="inline-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          {t('voucher.label')}
        </label>
        <input
          id={inputId}
          className="input inline-form__input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('voucher.placeholder')}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          aria-describedby={feedback ? feedbackId : undefined}
          aria-invalid={feedback?.kind === 'error' ? true : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={busy || code.trim() === ''} aria-busy={busy}>
          {busy ? t('voucher.checking') : t('voucher.apply')}
        </button>
      </form>
      <p id={feedbackId} className={`form-feedback form-feedback--${feedback?.kind ?? 'none'}`} role={feedback?.kind === 'error' ? 'alert' : 'status'}>
        {feedback?.text ?? ''}
      </p>
    </section>
  );
}
