import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { money } from '../booking/format';
import { useLocale } from '../hooks/useLocale';
import { PaymentDialog } from './PaymentDialog';
import { usePaymentDialogTexts } from './PaymentMethodChoice';
import type { PaymentMethod } from './api';
import { retryKind, SEATS_GONE, type PaymentFailure } from './payment-machine';
import type { PaymentController } from './usePayment';

/**
 * The failure of a payment step: a sentence for a person, focused when it appears (role alert). With held seats
 * (the ticket flow) it also says what still holds and offers choosing again when the seats are gone.
 */
export function PaymentFailureNotice({ failure, heldSeats }: { failure: PaymentFailure; heldSeats?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [failure]);
  const retry = retryKind(failure);
  return (
    <div
      className="notice notice--error payment-failure"
      role="alert"
      tabIndex={-1}
      ref={ref}
      data-testid="payment-failure"
    >
      <p className="notice__title">{t('payment.failedTitle')}</p>
      <p className="notice__detail">{failure.text}</p>
      {heldSeats && retry === 'anotherCard' && <p>{t('payment.tryAnotherCard')}</p>}
      {heldSeats && retry === 'tryAgain' && failure.code !== 'OFFLINE' && <p>{t('payment.tryAgain')}</p>}
      {heldSeats && SEATS_GONE.has(failure.code) && (
        <Link className="button button--secondary" to="/booking">
          {t('payment.chooseAgain')}
        </Link>
      )}
    </div>
  );
}

/** The card (or wallet) dialog of a payment step, in that step's method's words. */
export function PaymentStepDialog({
  payment,
  method = 'card',
}: {
  payment: PaymentController;
  method?: PaymentMethod;
}) {
  const locale = useLocale();
  const texts = usePaymentDialogTexts(method);
  return <PaymentDialog {...payment.dialog} amountText={money(payment.dueAgorot, locale)} {...texts} />;
}

export interface PaymentStepProps {
  payment: PaymentController;
  /** The id of the step's heading ("Payment"), for its aria-labelledby. */
  titleId: string;
  method?: PaymentMethod;
  /** Between the heading and the amount due: the customer recap, a discount code, the method, instalments. */
  children?: ReactNode;
  /** Below the amount due (the gift flow's method choice). */
  afterTotal?: ReactNode;
  /** Vouchers may cover the order: at 0 the amount reads "covered by vouchers". */
  vouchers?: boolean;
  /** The ticket flow: the failure says the seats are still held, or offers choosing again. */
  heldSeats?: boolean;
  /** A back button beside the pay button (the gift and membership steps). */
  back?: { label: string; onBack: () => void };
  /** The pay button waits for more than the payment (the catalogue's prices). */
  disabled?: boolean;
}

/**
 * The payment step every checkout shows: heading, amount due, "cancelled" and failure notices, the pay button whose
 * words follow the machine (opening, completing, pay again, pay with another card) and the card dialog.
 */
export function PaymentStep({
  payment,
  titleId,
  method = 'card',
  children,
  afterTotal,
  vouchers,
  heldSeats,
  back,
  disabled,
}: PaymentStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const due = payment.dueAgorot;
  const amount = money(due, locale);
  const { phase, failure, busy } = payment;
  const retry = retryKind(failure);
  const label =
    phase === 'committing'
      ? t('payment.committing')
      : phase === 'opening'
        ? t('payment.opening')
        : retry === 'anotherCard'
          ? t('payment.retryWithCard', { amount })
          : retry === 'tryAgain' && due > 0
            ? t('payment.retry', { amount })
            : due > 0
              ? t('payment.payNow', { amount })
              : t('payment.complete');
  const button = (
    <button
      type="button"
      className={`button button--primary pay-button${back ? '' : ' button--block'}`}
      onClick={() => void payment.pay()}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {label}
    </button>
  );
  return (
    <>
      <section className="booking-card pay-card" aria-labelledby={titleId}>
        <header className="booking-card__head">
          <h2 id={titleId} className="booking-card__title booking-card__title--small">
            {t('payment.payTitle')}
          </h2>
        </header>
        {children}
        <div className="pay-total">
          <span>{vouchers && due === 0 ? t('payment.coveredByVouchers') : t('payment.toPay')}</span>
          <strong data-testid="pay-total">{amount}</strong>
        </div>
        {afterTotal}
        {payment.cancelled && !failure && (
          <p className="notice payment-cancelled" role="status" data-testid="payment-cancelled">
            {t('paymentMethod.cancelled')}
          </p>
        )}
        {failure && <PaymentFailureNotice failure={failure} heldSeats={heldSeats} />}
        {back ? (
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={back.onBack} disabled={busy}>
              {back.label}
            </button>
            {button}
          </div>
        ) : (
          button
        )}
        {!back && (
          <p className="secure-note">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {t('payment.secureNote')}
          </p>
        )}
      </section>
      <PaymentStepDialog payment={payment} method={method} />
    </>
  );
}
