import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { displayMobile, walkInCustomer, type BoxOfficeTender, type CommitResponse } from '@hotline/shared';
import { flushCartSave, OrderSummary, useCart, useCartHydration, useCartTotals } from '../booking';
import { commitPayment } from '../booking/api';
import { withBotToken } from '../booking/botcheck';
import { currentWireCart } from '../booking/cart-sync';
import { money } from '../booking/format';
import { useLocale } from '../hooks/useLocale';
import { PaymentStepDialog } from '../payment/PaymentStep';
import { usePayment } from '../payment/usePayment';
import { useCartStore } from '../booking/cart-store';

interface Sold {
  order: CommitResponse;
  mobile: string;
  tender: BoxOfficeTender;
}

/**
 * /backoffice/sell — the box office's checkout (the producer variant of POST /payment/commit): the seats locked on
 * the box-office map go to a walk-in buyer who gives a name and a mobile number (the tickets arrive there by SMS)
 * and pays cash at the counter or by card on the payment page. The server checks the staff session, permission 267
 * and the business of every show, prices the order itself and records who sold it.
 */
export function BoxOfficeCheckout() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ready = useCartHydration();
  const cart = useCart();
  const totals = useCartTotals();
  const nameId = useId();
  const mobileId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [tender, setTender] = useState<BoxOfficeTender>('cash');
  const [sold, setSold] = useState<Sold | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const due = totals.balanceDueAgorot;
  /** The walk-in buyer as the server gets them, or null while the name or the mobile is not good enough. */
  const buyer = () => {
    const checked = walkInCustomer(name, mobile);
    return checked.ok ? { name: name.trim(), mobile: checked.customer.mobileNumber } : null;
  };

  const payment = usePayment({
    dueAgorot: due,
    offlineText: t('backOffice.sell.offline'),
    check: () => (buyer() ? null : { text: t('backOffice.sell.invalid'), code: 'INVALID_BUYER' }),
    // Cash at the counter: no card page.
    withoutCard: () => tender === 'cash',
    async commit({ paymentIdentifier }) {
      const details = buyer()!;
      await flushCartSave().catch(() => undefined);
      const { cart: wire } = currentWireCart({ paymentIdentifier });
      const order = await withBotToken((token) =>
        commitPayment(
          { ...wire, customerInfo: null, customerName: details.name, mobileNumber: details.mobile, tender },
          token,
        ),
      );
      useCartStore.getState().completeOrder({
        reservationIdentifier: order.reservationIdentifier,
        documentKey: order.documentKey,
        ticketIdentifiers: order.ticketIdentifiers,
        total: order.total,
        charged: order.charged,
        email: null,
        presentationIds: [...new Set(wire.seats.map((s) => s.prsntId))],
        at: new Date().toISOString(),
        shows: [],
      });
      setSold({ order, mobile: details.mobile, tender });
    },
  });
  const problem = payment.failure?.text ?? null;
  const busy = payment.busy;
  useEffect(() => {
    if (payment.failure) problemRef.current?.focus();
  }, [payment.failure]);
  useEffect(() => {
    if (sold) doneRef.current?.focus();
  }, [sold]);

  if (sold) {
    return (
      <section className="bo-card" aria-labelledby="bo-sold-title">
        <h2 id="bo-sold-title" tabIndex={-1} ref={doneRef}>
          {t('backOffice.sell.soldTitle')}
        </h2>
        <p data-testid="bo-sold-order">{t('backOffice.sell.soldOrder', { order: sold.order.reservationIdentifier })}</p>
        <p>
          {t(sold.tender === 'cash' ? 'backOffice.sell.soldCash' : 'backOffice.sell.soldCard', {
            amount: money(Math.round(sold.order.charged * 100), locale),
          })}
        </p>
        <p>
          {t('backOffice.sell.soldSms')} <bdi dir="ltr">{displayMobile(sold.mobile)}</bdi>
        </p>
        <Link className="button button--primary" to={`/backoffice/producer-ticket-sale?lang=${locale}`}>
          {t('backOffice.sell.again')}
        </Link>
      </section>
    );
  }

  if (ready && cart.seats.length === 0) {
    return (
      <section className="bo-card" aria-labelledby="bo-sell-title">
        <h2 id="bo-sell-title">{t('backOffice.sell.title')}</h2>
        <p>{t('backOffice.sell.empty')}</p>
        <Link className="button button--primary" to={`/backoffice/producer-ticket-sale?lang=${locale}`}>
          {t('backOffice.boxOffice.title')}
        </Link>
      </section>
    );
  }

  return (
    <div className="bo-sell">
      <section className="bo-card" aria-labelledby="bo-sell-title">
        <h2 id="bo-sell-title">{t('backOffice.sell.title')}</h2>
        <p>{t('backOffice.sell.intro')}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void payment.pay();
          }}
          noValidate
          aria-describedby={problem ? errorId : undefined}
        >
          <div className="bo-field">
            <label htmlFor={nameId}>{t('backOffice.sell.name')}</label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
              required
              maxLength={100}
            />
          </div>
          <div className="bo-field">
            <label htmlFor={mobileId}>{t('backOffice.sell.mobile')}</label>
            <input
              id={mobileId}
              type="tel"
              dir="ltr"
              inputMode="tel"
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              autoComplete="off"
              required
              maxLength={30}
            />
          </div>
          <fieldset className="bo-tender">
            <legend>{t('backOffice.sell.tender')}</legend>
            {(['cash', 'card'] as const).map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="tender"
                  value={option}
                  checked={tender === option}
                  onChange={() => setTender(option)}
                />
                {t(`backOffice.sell.${option}`)}
              </label>
            ))}
          </fieldset>
          <p className="bo-sell__due">
            {t('backOffice.sell.due')} <strong data-testid="bo-sell-due">{money(due, locale)}</strong>
          </p>
          {problem && (
            <p id={errorId} className="notice notice--error" role="alert" tabIndex={-1} ref={problemRef}>
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={busy || !ready} aria-busy={busy}>
            {busy
              ? t('backOffice.sell.working')
              : t(tender === 'cash' ? 'backOffice.sell.submitCash' : 'backOffice.sell.submitCard', {
                  amount: money(due, locale),
                })}
          </button>
        </form>
      </section>
      <OrderSummary headingLevel={2} />
      <PaymentStepDialog payment={payment} />
    </div>
  );
}
