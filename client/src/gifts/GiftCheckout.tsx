import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { canAddVoucher } from '../booking/cart-logic';
import {
  customerFormForKind,
  DEFAULT_CUSTOMER_FORM,
  shekelsToAgorot,
  type CustomerDetails,
  type CustomerFormConfig,
  type WalletApproval,
} from '@hotline/shared';
import { ApiError } from '../api/client';
import { userMessage } from '../api/user-message';
import { useOnline } from '../hooks/useOnline';
import { commitPayment, getCustomerFormConfig, getVoucher } from '../booking/api';
import { warmBotToken, withBotToken } from '../booking/botcheck';
import { CodeEntryForm, type CodeFeedback } from '../booking/CodeEntryForm';
import { isolate, money } from '../booking/format';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { usesHebrewNames } from '../lib/localized';
import { CustomerForm } from '../pages/checkout/CustomerForm';
import { PaymentDialog } from '../payment/PaymentDialog';
import { openPaymentPage, type PaymentMethod } from '../payment/api';
import { PaymentMethodChoice, usePaymentDialogTexts } from '../payment/PaymentMethodChoice';
import { useGiftOrder, type GiftKind } from './gift-order-store';
import { giftWireCart, priceGiftOrder } from './gift-pricing';

export type GiftStep = 'choose' | 'details' | 'payment' | 'confirmation';
const STEPS: GiftStep[] = ['choose', 'details', 'payment', 'confirmation'];

/** The order-vouchers / donations steps (memberships-backoffice-spec.md section 2). */
export function GiftStepper({ kind, current }: { kind: GiftKind; current: GiftStep }) {
  const { t } = useTranslation();
  const index = STEPS.indexOf(current);
  return (
    <nav className="stepper" aria-label={t('stepper.label')}>
      <ol className="stepper__list">
        {STEPS.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`stepper__step stepper__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__link">
                <span className="stepper__marker" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="stepper__label">{t(`gifts.steps.${kind}.${step}`)}</span>
                {state !== 'current' && (
                  <span className="visually-hidden">{t(state === 'done' ? 'stepper.done' : 'stepper.todo')}</span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** What is bought and what is left to pay, priced by the shared pipeline. */
export function GiftSummary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const pricing = priceGiftOrder(order, locale);
  const he = usesHebrewNames(locale);
  return (
    <section className="booking-card gift-summary" aria-labelledby="gift-summary-title">
      <h2 id="gift-summary-title" className="booking-card__title booking-card__title--small">
        {t('gifts.summary.title')}
      </h2>
      <ul className="gift-summary__lines">
        {order.vouchers.map((v) => (
          <li key={v.priceId}>
            <span>
              {t('gifts.summary.voucherLine', {
                count: v.quantity,
                name: isolate(he ? v.name : v.nameEn, locale),
                value: money(shekelsToAgorot(v.value), locale),
              })}
            </span>
            <span>{money(shekelsToAgorot(v.price) * v.quantity, locale)}</span>
          </li>
        ))}
        {order.donations.map((d) => (
          <li key={d.donationId}>
            <span>{isolate(he ? d.name : d.nameEn, locale)}</span>
            <span>{money(shekelsToAgorot(d.amount) * d.quantity, locale)}</span>
          </li>
        ))}
        {pricing.vouchers
          .filter((v) => v.amountAgorot > 0)
          .map((v) => (
            <li key={v.id} className="gift-summary__voucher">
              <span>{t('gifts.summary.paidWith', { code: isolate(v.ref.code, locale) })}</span>
              <span>−{money(v.amountAgorot, locale)}</span>
            </li>
          ))}
      </ul>
      <p className="gift-summary__total">
        <span>{t('gifts.summary.total')}</span>
        <strong data-testid="gift-total">{money(pricing.totals.totalAgorot, locale)}</strong>
      </p>
      {pricing.totals.vouchersAgorot > 0 && (
        <p className="gift-summary__total">
          <span>{t('payment.toPay')}</span>
          <strong>{money(pricing.totals.balanceDueAgorot, locale)}</strong>
        </p>
      )}
    </section>
  );
}

/** Step: details. The deployment's form, with the ID number required for these kinds (shared customerFormForKind). */
export function GiftDetails({ kind, onBack, onDone }: { kind: GiftKind; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const config = useLatestQuery<CustomerFormConfig>((signal) => getCustomerFormConfig(signal), []);
  const base = config.status === 'success' ? config.data : config.status === 'error' ? DEFAULT_CUSTOMER_FORM : null;
  function submit(details: CustomerDetails) {
    order.setCustomerInfo({ ...details, verifyMobileNumber: details.mobileNumber ?? null });
    onDone();
  }
  return (
    <section className="booking-card" aria-labelledby="gift-details-title">
      <header className="booking-card__head">
        <h2 id="gift-details-title" className="booking-card__title">
          {t('checkout.formTitle')}
        </h2>
        <p className="booking-card__sub">{t(`gifts.${kind}.detailsIntro`)}</p>
      </header>
      {base ? (
        <CustomerForm
          config={customerFormForKind(base, kind)}
          locale={locale}
          initial={order.customerInfo}
          busy={false}
          submitLabel={t('checkout.toPayment')}
          onSubmit={submit}
          onBack={onBack}
        />
      ) : (
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('app.loading')}
        </div>
      )}
    </section>
  );
}

/** Pay part or all of a gift order with vouchers (the same lookup as the ticket flow's voucher box). */
function PayWithVoucher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const feedbackId = useId();
  const order = useGiftOrder();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<CodeFeedback>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const reference = code.trim();
    if (!reference || busy) return;
    setBusy(true);
    setFeedback(null);
    try {
      const { payment } = await withBotToken((token) => getVoucher(reference, token));
      if (useGiftOrder.getState().payWith.some((v) => v.id === payment.id)) {
        setFeedback({ kind: 'error', text: t('voucher.alreadyAdded') });
        return;
      }
      const due = priceGiftOrder(useGiftOrder.getState(), locale).totals.balanceDueAgorot;
      const check = canAddVoucher(due, payment.balance, locale);
      if (!check.ok) {
        setFeedback({ kind: 'error', text: check.message });
        return;
      }
      order.addPayWith({ id: payment.id, code: payment.code, balance: payment.balance, name: payment.name });
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
      {order.payWith.length > 0 && (
        <ul className="gift-paywith">
          {order.payWith.map((v) => (
            <li key={v.id}>
              <bdi dir="ltr">{v.code}</bdi>
              <button
                type="button"
                className="text-link"
                onClick={() => order.removePayWith(v.id)}
                aria-label={t('voucher.remove', { code: v.code })}
              >
                {t('voucher.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Phase = 'idle' | 'opening' | 'card' | 'committing';

/** Step: payment. The one commit, the same card dialog; the server prices the order again and decides. */
export function GiftPayment({ kind, onBack }: { kind: GiftKind; onBack: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const online = useOnline();
  const pricing = priceGiftOrder(order, locale);
  const due = pricing.totals.balanceDueAgorot;
  const [phase, setPhase] = useState<Phase>('idle');
  const [formUrl, setFormUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const busy = phase !== 'idle';
  // Card or digital wallet (issue 15).
  const [method, setMethod] = useState<PaymentMethod>('card');
  const dialogTexts = usePaymentDialogTexts(method);
  useEffect(() => warmBotToken(), []);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function commit(paymentIdentifier: string | null, paypal?: WalletApproval) {
    setPhase('committing');
    setFailure(null);
    try {
      const state = useGiftOrder.getState();
      const wire = giftWireCart(state, priceGiftOrder(state, locale), paymentIdentifier);
      const r = await withBotToken((token) => commitPayment(paypal ? { ...wire, paypal } : wire, token));
      const info = state.customerInfo;
      state.complete({ ...r, kind, email: typeof info?.email === 'string' ? info.email : null });
      window.scrollTo({ top: 0 });
    } catch (error) {
      setFailure(userMessage(error, t));
    } finally {
      setPhase('idle');
    }
  }

  async function pay() {
    if (busy) return;
    setFailure(null);
    if (due === 0) return commit(null);
    setPhase('opening');
    try {
      const ssn = typeof order.customerInfo?.ssn === 'string' ? order.customerInfo.ssn : undefined;
      const { paymentFormURL } = await withBotToken((recaptchaToken) =>
        openPaymentPage(method, locale, { total: due / 100, recaptchaToken, ssn }),
      );
      setFormUrl(paymentFormURL);
      setPhase('card');
    } catch (error) {
      setFailure(userMessage(error, t));
      setPhase('idle');
    }
  }

  return (
    <>
      <PayWithVoucher />
      <section className="booking-card pay-card" aria-labelledby="gift-pay-title">
        <header className="booking-card__head">
          <h2 id="gift-pay-title" className="booking-card__title booking-card__title--small">
            {t('payment.payTitle')}
          </h2>
        </header>
        <div className="pay-total">
          <span>{due > 0 ? t('payment.toPay') : t('payment.coveredByVouchers')}</span>
          <strong data-testid="pay-total">{money(due, locale)}</strong>
        </div>
        {due > 0 && <PaymentMethodChoice value={method} onChange={setMethod} disabled={busy} />}
        {failure && (
          <div
            className="notice notice--error"
            role="alert"
            tabIndex={-1}
            ref={failureRef}
            data-testid="payment-failure"
          >
            <p className="notice__title">{t('payment.failedTitle')}</p>
            <p className="notice__detail">{failure}</p>
          </div>
        )}
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
            {t('gifts.back')}
          </button>
          <button
            type="button"
            className="button button--primary pay-button"
            onClick={() => void pay()}
            disabled={busy}
            aria-busy={busy}
          >
            {phase === 'committing'
              ? t('payment.committing')
              : phase === 'opening'
                ? t('payment.opening')
                : due > 0
                  ? t('payment.payNow', { amount: money(due, locale) })
                  : t('payment.complete')}
          </button>
        </div>
      </section>
      <PaymentDialog
        url={formUrl}
        online={online}
        amountText={money(due, locale)}
        {...dialogTexts}
        onClose={() => {
          setFormUrl(null);
          setPhase('idle');
        }}
        onAuthorised={(m) => {
          setFormUrl(null);
          void commit(m.paymentIdentifier, m.paypal);
        }}
      />
    </>
  );
}

/** Step: confirmation. Voucher codes (also sent by e-mail and SMS) or the donation receipt note. */
export function GiftConfirmation({ kind }: { kind: GiftKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder((s) => s.lastOrder);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  if (!order) return null;
  return (
    <section className="booking-card confirmation" aria-labelledby="gift-confirmation-title" data-testid="confirmation">
      <h2 id="gift-confirmation-title" className="confirmation__title" tabIndex={-1} ref={headingRef}>
        {t(`gifts.${kind}.thanks`)}
      </h2>
      <dl className="confirmation__facts">
        <div>
          <dt>{t('confirmation.reservation')}</dt>
          <dd className="confirmation__id" data-testid="reservation-identifier">
            <bdi dir="ltr">{order.reservationIdentifier}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('confirmation.total')}</dt>
          <dd>{money(shekelsToAgorot(order.total), locale)}</dd>
        </div>
      </dl>
      {order.systemVouchers && order.systemVouchers.length > 0 && (
        <>
          <h3 className="booking-card__title booking-card__title--small">{t('gifts.vouchers.codesTitle')}</h3>
          <ul className="gift-codes" data-testid="voucher-codes">
            {order.systemVouchers.map((v) => (
              <li key={v.Reference}>
                <bdi dir="ltr" className="gift-codes__code">
                  {v.Reference}
                </bdi>
                <span> {t('gifts.vouchers.codeLine', { value: money(shekelsToAgorot(v.Value), locale) })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="confirmation__email">
        {t(`gifts.${kind}.sent`)}
        {order.email && (
          <>
            {' '}
            <bdi dir="ltr">{order.email}</bdi>
          </>
        )}
      </p>
      <div className="button-row button-row--start">
        {kind === 'vouchers' && (
          <Link className="button button--secondary" to="/system-vouchers/history">
            {t('gifts.history.link')}
          </Link>
        )}
        <Link className="button button--primary" to="/booking">
          {t('confirmation.more')}
        </Link>
      </div>
    </section>
  );
}
