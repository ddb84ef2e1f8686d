import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from './cart-store';
import { getVoucher } from './api';
import { withBotToken } from './botcheck';
import { canAddVoucher, type CartVoucher } from './cart-logic';
import { CodeEntryForm, useCodeEntry } from './CodeEntry';
import { isolate, money } from './format';
import { useCartTotals } from './hooks';

export interface VoucherCodeBoxProps {
  /** A line under the title (the ticket flow explains what a voucher pays). */
  intro?: string;
  /** Already paying with this voucher? */
  has: (id: number) => boolean;
  /** What is still due, in agorot, when the code is checked. */
  dueAgorot: () => number;
  add: (voucher: CartVoucher) => void;
  /** Below the box (the gift flow lists the vouchers it pays with). */
  children?: ReactNode;
}

/**
 * Gift vouchers as payment (GET /api/payment/voucher; spec section 5), for every order that takes them: each pays
 * the lesser of the balance still due and its own balance; one that would pay nothing is refused with 'לא נותרה יתרה
 * למימוש הטבה'. Several may be added; what they pay comes off the balance due.
 */
export function VoucherCodeBox({ intro, has, dueAgorot, add, children }: VoucherCodeBoxProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const feedbackId = useId();
  const entry = useCodeEntry(async (reference) => {
    try {
      const { payment } = await withBotToken((token) => getVoucher(reference, token));
      if (has(payment.id)) return { kind: 'error', text: t('voucher.alreadyAdded') };
      const check = canAddVoucher(dueAgorot(), payment.balance, locale);
      if (!check.ok) return { kind: 'error', text: check.message };
      add({ id: payment.id, code: payment.code, balance: payment.balance, name: payment.name });
      return {
        kind: 'ok',
        text: t('voucher.added', { code: isolate(payment.code, locale), amount: money(check.amountAgorot, locale) }),
      };
    } catch (error) {
      return { kind: 'error', text: error instanceof ApiError && error.message ? error.message : t('voucher.failed') };
    }
  });

  return (
    <section className="booking-card voucher-form" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="booking-card__title booking-card__title--small">
        {t('voucher.title')}
      </h2>
      {intro && <p className="booking-card__sub">{intro}</p>}
      <CodeEntryForm
        entry={entry}
        inputId={inputId}
        feedbackId={feedbackId}
        labels={{
          label: t('voucher.label'),
          placeholder: t('voucher.placeholder'),
          checking: t('voucher.checking'),
          apply: t('voucher.apply'),
        }}
      />
      {children}
    </section>
  );
}

/** The ticket order's voucher box (the vouchers it pays with are listed in the order summary). */
export function VoucherForm() {
  const { t } = useTranslation();
  const totals = useCartTotals();
  const addVoucher = useCartStore((s) => s.addVoucher);
  return (
    <VoucherCodeBox
      intro={t('voucher.intro')}
      has={(id) => useCartStore.getState().vouchers.some((v) => v.id === id)}
      dueAgorot={() => totals.balanceDueAgorot}
      add={addVoucher}
    />
  );
}
