import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { shekelsToAgorot } from '@hotline/shared';
import { commitPayment } from '../booking/api';
import { withBotToken } from '../booking/botcheck';
import { isolate, money } from '../booking/format';
import { VoucherCodeBox } from '../booking/VoucherForm';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { CustomerDetailsStep } from '../booking/CustomerDetailsStep';
import { OrderFacts } from '../booking/Confirmation';
import type { PaymentMethod } from '../payment/api';
import { PaymentMethodChoice } from '../payment/PaymentMethodChoice';
import { PaymentStep } from '../payment/PaymentStep';
import { usePayment } from '../payment/usePayment';
import { StepList } from '../components/StepList';
import { useGiftOrder, type GiftKind } from './gift-order-store';
import { giftWireCart, priceGiftOrder } from './gift-pricing';

type GiftStep = 'choose' | 'details' | 'payment' | 'confirmation';
const STEPS: GiftStep[] = ['choose', 'details', 'payment', 'confirmation'];

/** The order-vouchers / donations steps (memberships-backoffice-spec.md section 2). */
function GiftStepper({ kind, current }: { kind: GiftKind; current: GiftStep }) {
  const { t } = useTranslation();
  return (
    <StepList
      steps={STEPS}
      current={current}
      label={t('stepper.label')}
      nameOf={(step) => t(`gifts.steps.${kind}.${step}`)}
    />
  );
}

/** What is bought and what is left to pay, priced by the shared pipeline. */
function GiftSummary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const pricing = priceGiftOrder(order, locale);
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
                name: isolate(pickText(locale, v.name, v.nameEn, v.nameRu, v.nameAr), locale),
                value: money(shekelsToAgorot(v.value), locale),
              })}
            </span>
            <span>{money(shekelsToAgorot(v.price) * v.quantity, locale)}</span>
          </li>
        ))}
        {order.donations.map((d) => (
          <li key={d.donationId}>
            <span>{isolate(pickText(locale, d.name, d.nameEn, d.nameRu, d.nameAr), locale)}</span>
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

/** Step: details. The deployment's form, with the ID number required for these kinds. */
function GiftDetails({ kind, onBack, onDone }: { kind: GiftKind; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const order = useGiftOrder();
  return (
    <CustomerDetailsStep
      kind={kind}
      titleId="gift-details-title"
      intro={t(`gifts.${kind}.detailsIntro`)}
      initial={order.customerInfo}
      onBack={onBack}
      onDone={(details) => {
        order.setCustomerInfo(details);
        onDone();
      }}
    />
  );
}

/** Pay part or all of a gift order with vouchers (the same voucher box as the ticket flow's). */
function PayWithVoucher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  return (
    <VoucherCodeBox
      has={(id) => useGiftOrder.getState().payWith.some((v) => v.id === id)}
      dueAgorot={() => priceGiftOrder(useGiftOrder.getState(), locale).totals.balanceDueAgorot}
      add={order.addPayWith}
    >
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
    </VoucherCodeBox>
  );
}

/** Step: payment. The one commit, the same payment step; the server prices the order again and decides. */
function GiftPayment({ kind, onBack }: { kind: GiftKind; onBack: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const due = priceGiftOrder(order, locale).totals.balanceDueAgorot;
  // Card or digital wallet.
  const [method, setMethod] = useState<PaymentMethod>('card');
  const payment = usePayment({
    dueAgorot: due,
    method,
    ssn: typeof order.customerInfo?.ssn === 'string' ? order.customerInfo.ssn : undefined,
    cartIdentifier: order.cartIdentifier,
    async commit({ paymentIdentifier, paypal }) {
      const state = useGiftOrder.getState();
      const wire = giftWireCart(state, priceGiftOrder(state, locale), paymentIdentifier);
      const r = await withBotToken((token) => commitPayment(paypal ? { ...wire, paypal } : wire, token));
      const info = state.customerInfo;
      state.complete({ ...r, kind, email: typeof info?.email === 'string' ? info.email : null });
      window.scrollTo({ top: 0 });
    },
  });

  return (
    <>
      <PayWithVoucher />
      <PaymentStep
        payment={payment}
        titleId="gift-pay-title"
        method={method}
        vouchers
        back={{ label: t('gifts.back'), onBack }}
        afterTotal={due > 0 && <PaymentMethodChoice value={method} onChange={setMethod} disabled={payment.busy} />}
      />
    </>
  );
}

/**
 * A gift order's page (vouchers or donations): stepper, title, the four steps and the summary beside them. The page
 * brings its own first step; after paying, the payment step turns into the confirmation (derived, not an effect).
 */
export function GiftFlow({
  kind,
  testId,
  title,
  againLabel,
  choose,
}: {
  kind: GiftKind;
  testId: string;
  title: string;
  /** The button under the confirmation that starts another order. */
  againLabel: string;
  choose: (next: () => void) => ReactNode;
}) {
  const lastOrder = useGiftOrder((s) => s.lastOrder);
  const [chosenStep, setStep] = useState<GiftStep>(lastOrder?.kind === kind ? 'confirmation' : 'choose');
  const step: GiftStep = chosenStep === 'payment' && lastOrder?.kind === kind ? 'confirmation' : chosenStep;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);
  return (
    <div className="container page booking-page gift-page" data-testid={testId}>
      <GiftStepper kind={kind} current={step} />
      <div className="booking-titlebar">
        <h1 className="booking-page__title">{title}</h1>
      </div>
      <div className={step === 'confirmation' ? 'booking-layout booking-layout--single' : 'booking-layout'}>
        <div className="booking-main">
          {step === 'choose' && choose(() => setStep('details'))}
          {step === 'details' && (
            <GiftDetails kind={kind} onBack={() => setStep('choose')} onDone={() => setStep('payment')} />
          )}
          {step === 'payment' && <GiftPayment kind={kind} onBack={() => setStep('details')} />}
          {step === 'confirmation' && (
            <>
              <GiftConfirmation kind={kind} />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  useGiftOrder.getState().reset();
                  setStep('choose');
                }}
              >
                {againLabel}
              </button>
            </>
          )}
        </div>
        {step !== 'confirmation' && (
          <div className="booking-aside">
            <GiftSummary />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * A gift page's offers while they load, or why they did not: our sentence and a retry, or the server's own "nothing
 * on sale" (`none`), which is news rather than an error (no alert, no retry).
 */
export function GiftOffersState({ failed, retry, none }: { failed: boolean; retry: () => void; none?: string | null }) {
  const { t } = useTranslation();
  if (!failed) {
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('app.loading')}
      </div>
    );
  }
  return (
    <section className="booking-card" role={none ? undefined : 'alert'}>
      <p>{none ?? t('gifts.loadFailed')}</p>
      {!none && (
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('gifts.retry')}
        </button>
      )}
    </section>
  );
}

/** Under a gift order's first step: "choose at least one" once Next was tried without a choice, the events, Next. */
export function GiftChooseActions({
  noneChosen,
  noneChosenText,
  canGoOn,
  onNext,
}: {
  noneChosen: boolean;
  noneChosenText: string;
  /** Something is chosen and every amount typed is valid. */
  canGoOn: boolean;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const [tried, setTried] = useState(false);
  return (
    <>
      {tried && noneChosen && (
        <p className="notice notice--error" role="alert" data-testid="choose-one">
          {noneChosenText}
        </p>
      )}
      <div className="button-row">
        <Link className="button button--secondary" to="/booking">
          {t('gifts.toEvents')}
        </Link>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setTried(true);
            if (canGoOn) onNext();
          }}
        >
          {t('gifts.next')}
        </button>
      </div>
    </>
  );
}

/** Step: confirmation. Voucher codes (also sent by e-mail and SMS) or the donation receipt note. */
function GiftConfirmation({ kind }: { kind: GiftKind }) {
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
      <OrderFacts reservationIdentifier={order.reservationIdentifier} total={order.total} />
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
