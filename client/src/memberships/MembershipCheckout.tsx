import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  customerFormForKind,
  DEFAULT_CUSTOMER_FORM,
  shekelsToAgorot,
  type Cart,
  type CommitResponse,
  type CustomerDetails,
  type CustomerFormConfig,
} from '@hotline/shared';
import { userMessage } from '../api/user-message';
import { commitPayment, getCustomerFormConfig, getPaymentForm } from '../booking/api';
import { warmBotToken, withBotToken } from '../booking/botcheck';
import { money } from '../booking/format';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { useOnline } from '../hooks/useOnline';
import { CustomerForm } from '../pages/checkout/CustomerForm';
import { PaymentDialog } from '../payment/PaymentDialog';
import './membership-i18n';

/** The steps of the membership flows, as the stepper shows them (keys under memberships.steps). */
export function MembershipStepper({ steps, current }: { steps: string[]; current: string }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <nav className="stepper" aria-label={t('memberships.steps.label')}>
      <ol className="stepper__list">
        {steps.map((step, i) => {
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
                <span className="stepper__label">{t(`memberships.steps.${step}`)}</span>
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

/** Details: the deployment's customer form with the ID number required for memberships (shared customerFormForKind). */
export function MembershipDetails({
  initial,
  onBack,
  onDone,
}: {
  initial: CustomerDetails | null;
  onBack: () => void;
  onDone: (details: CustomerDetails) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = useLatestQuery<CustomerFormConfig>((signal) => getCustomerFormConfig(signal), []);
  const base = config.status === 'success' ? config.data : config.status === 'error' ? DEFAULT_CUSTOMER_FORM : null;
  return (
    <section className="booking-card" aria-labelledby="membership-details-title">
      <header className="booking-card__head">
        <h2 id="membership-details-title" className="booking-card__title">
          {t('checkout.formTitle')}
        </h2>
        <p className="booking-card__sub">{t('memberships.detailsIntro')}</p>
      </header>
      {base ? (
        <CustomerForm
          config={customerFormForKind(base, 'memberships')}
          locale={locale}
          initial={initial}
          busy={false}
          submitLabel={t('checkout.toPayment')}
          onSubmit={(details) =>
            onDone({ ...details, verifyMobileNumber: details.mobileNumber ?? null } as CustomerDetails)
          }
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

type Phase = 'idle' | 'opening' | 'card' | 'committing';

/** Payment: the same card dialog and the one commit as every order; the server prices the membership again. */
export function MembershipPayment({
  totalShekels,
  cart,
  ssn,
  onBack,
  onPaid,
  discount,
}: {
  totalShekels: number;
  cart: (paymentIdentifier: string | null) => Cart;
  ssn: string | undefined;
  onBack: () => void;
  onPaid: (r: CommitResponse) => void;
  /** The membership order's discount code field, shown above the total. */
  discount?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const online = useOnline();
  const due = shekelsToAgorot(totalShekels);
  const [phase, setPhase] = useState<Phase>('idle');
  const [formUrl, setFormUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const busy = phase !== 'idle';
  useEffect(() => warmBotToken(), []);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function commit(paymentIdentifier: string | null) {
    setPhase('committing');
    setFailure(null);
    try {
      const r = await withBotToken((token) => commitPayment(cart(paymentIdentifier), token));
      onPaid(r);
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
      const { paymentFormURL } = await withBotToken((recaptchaToken) =>
        getPaymentForm(locale, { total: due / 100, recaptchaToken, ssn }),
      );
      setFormUrl(paymentFormURL);
      setPhase('card');
    } catch (error) {
      setFailure(userMessage(error, t));
      setPhase('idle');
    }
  }

  return (
    <section className="booking-card pay-card" aria-labelledby="membership-pay-title">
      <header className="booking-card__head">
        <h2 id="membership-pay-title" className="booking-card__title booking-card__title--small">
          {t('payment.payTitle')}
        </h2>
      </header>
      {discount}
      <div className="pay-total">
        <span>{t('payment.toPay')}</span>
        <strong data-testid="pay-total">{money(due, locale)}</strong>
      </div>
      {failure && (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={failureRef} data-testid="payment-failure">
          <p className="notice__title">{t('payment.failedTitle')}</p>
          <p className="notice__detail">{failure}</p>
        </div>
      )}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          {t('memberships.back')}
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
      <PaymentDialog
        url={formUrl}
        online={online}
        amountText={money(due, locale)}
        onClose={() => {
          setFormUrl(null);
          setPhase('idle');
        }}
        onAuthorised={(m) => {
          setFormUrl(null);
          void commit(m.paymentIdentifier);
        }}
      />
    </section>
  );
}

/** Confirmation: the reservation and the total. */
export function MembershipConfirmation({ result, enrol }: { result: CommitResponse; enrol: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      className="booking-card confirmation"
      aria-labelledby="membership-confirmation-title"
      data-testid="confirmation"
    >
      <h2 id="membership-confirmation-title" className="confirmation__title" tabIndex={-1} ref={headingRef}>
        {t(enrol ? 'memberships.enrolThanks' : 'memberships.thanks')}
      </h2>
      <dl className="confirmation__facts">
        <div>
          <dt>{t('confirmation.reservation')}</dt>
          <dd className="confirmation__id" data-testid="reservation-identifier">
            <bdi dir="ltr">{result.reservationIdentifier}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('confirmation.total')}</dt>
          <dd>{money(shekelsToAgorot(result.total), locale)}</dd>
        </div>
      </dl>
      <p className="confirmation__email">{t('memberships.sent')}</p>
      <div className="button-row button-row--start">
        <Link className="button button--primary" to="/memberships">
          {t('memberships.title')}
        </Link>
      </div>
    </section>
  );
}
