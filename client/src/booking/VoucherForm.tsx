import { useId, useState, type FormEvent } from 'react';
import { CodeEntryForm, type CodeFeedback } from './CodeEntryForm';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from '../state/cart-store';
import { getVoucher } from './api';
import { withBotToken } from './botcheck';
import { canAddVoucher } from './cart-logic';
import { isolate, money } from './format';
import { useCartTotals } from './hooks';

type Feedback = CodeFeedback;

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
      setFeedback({
        kind: 'ok',
        text: t('voucher.added', { code: isolate(payment.code, locale), amount: money(check.amountAgorot, locale) }),
      });
    } catch (error) {
      setFeedback({
        kind: 'error',
        text: error instanceof ApiError && error.message ? error.message : t('voucher.failed'),
      });
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
      <CodeEntryForm
        inputId={inputId}
        feedbackId={feedbackId}
        code={code}
        onCodeChange={setCode}
        onSubmit={submit}
        busy={busy}
        feedback={feedback}
        labels={{
          label: t('voucher.label'),
          placeholder: t('voucher.placeholder'),
          checking: t('voucher.checking'),
          apply: t('voucher.apply'),
        }}
      />
    </section>
  );
}
