import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { displayMobile, shekelsToAgorot, type CartWaiver } from '@hotline/shared';
import { ApiError } from '../api/client';
import { isOnline, userMessage } from '../api/user-message';
import { BookingShell, flushCartSave, useCart, useCartCatalogue, useCartHydration, useCartTotals } from './index';
import { commitPayment } from './api';
import { withBotToken } from './botcheck';
import { incompleteUnits, presentationIdsOf } from './cart-logic';
import { currentWireCart } from './cart-sync';
import { useBookingCatalogue } from './catalogue-store';
import { confirmedShows } from './confirmed-shows';
import { incompleteMessage, money, ticketName } from './format';
import { cartItems, trackAddPaymentInfo, trackPurchase } from './tracking';
import { VoucherForm } from './VoucherForm';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from './cart-store';
import type { PaymentMethod } from '../payment/api';
import { failureCode } from '../payment/payment-machine';
import { PaymentMethodChoice } from '../payment/PaymentMethodChoice';
import { PaymentStep } from '../payment/PaymentStep';
import { usePayment } from '../payment/usePayment';
import { useWaiverRequirements, WaiverStep } from '../waiver/WaiverStep';
import { CartGate, cartStepHrefs } from './CartGate';
import { HoldOrderOption } from '../holds/HoldOrderOption';

const MAX_INSTALMENTS = 12;

/** /booking/checkout/payment — vouchers, instalments, card payment (step 5) and the confirmation (step 6). */
export default function PaymentPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ready = useCartHydration();
  const location = useLocation();
  const cart = useCart();
  const totals = useCartTotals();
  const catalogue = useCartCatalogue();
  const instalmentsId = useId();
  // Events that need a signed waiver before payment; each WaiverStep reports its finished waiver.
  const waiverNeeds = useWaiverRequirements(presentationIdsOf(cart.seats));
  const [signedWaivers, setSignedWaivers] = useState<Record<number, CartWaiver | null>>({});
  // Card or digital wallet; a closed payment page says nothing was charged.
  const [method, setMethod] = useState<PaymentMethod>('card');
  const info = cart.customerInfo;
  const due = totals.balanceDueAgorot;
  // The cart's dates with their hold policies, once every one has loaded (the hold option's deadline needs them all).
  const holdDates = useMemo(
    () =>
      catalogue.ready ? presentationIdsOf(cart.seats).flatMap((id) => catalogue.entries[id]?.presentation ?? []) : [],
    [catalogue.ready, catalogue.entries, cart.seats],
  );

  const payment = usePayment({
    dueAgorot: due,
    method,
    ssn: typeof info?.ssn === 'string' ? info.ssn : undefined,
    offlineText: t('payment.offline'),
    // The saved cart's identifier (in the wire cart): a retry of a paid cart answers its stored result.
    cartIdentifier: useCartStore.getState().cartIdentifier,
    check() {
      const lacking = incompleteMessage(incompleteUnits(totals.seats), t, locale);
      if (lacking) return { text: lacking, code: 'INCOMPLETE' };
      if ((waiverNeeds ?? []).some((w) => !signedWaivers[w.presentationId]))
        return { text: t('waiver.required'), code: 'WAIVER_REQUIRED' };
      return null;
    },
    // The gateway's own timeout text says "refresh the page", which is not what this page offers: ours matches the button.
    describe: (error) =>
      error instanceof ApiError && error.code === 'PAYMENT_TIMEOUT' && isOnline()
        ? { text: t('payment.timeout'), code: error.code }
        : { text: userMessage(error, t), code: failureCode(error, isOnline()) },
    onAuthorised(m) {
      if (m.numberOfPayments && m.numberOfPayments !== useCartStore.getState().numberOfPayments) {
        useCartStore.getState().setNumberOfPayments(m.numberOfPayments);
      }
      trackAddPaymentInfo(
        totals.totalAgorot,
        m.paypal ? 'wallet' : 'credit_card',
        useCartStore.getState().ticketCodes.join(',') || undefined,
      );
    },
    async commit({ paymentIdentifier, paypal }) {
      await flushCartSave().catch(() => undefined);
      const { cart: wire, totals: shown } = currentWireCart({ paymentIdentifier });
      const items = cartItems();
      const codes = useCartStore.getState().ticketCodes.join(',') || undefined;
      const entries = useBookingCatalogue.getState().entries;
      const shows = confirmedShows(useCartStore.getState().seats, (id) => entries[id]?.presentation);
      const waivers = (waiverNeeds ?? []).map((w) => signedWaivers[w.presentationId]).filter((w) => !!w);
      const r = await withBotToken((token) =>
        commitPayment({ ...wire, waivers, ...(paypal ? { paypal } : {}) }, token, useCartStore.getState().miniSiteUrl),
      );
      useCartStore.getState().completeOrder({
        reservationIdentifier: r.reservationIdentifier,
        documentKey: r.documentKey,
        ticketIdentifiers: r.ticketIdentifiers,
        total: r.total,
        charged: r.charged,
        email: typeof info?.email === 'string' ? info.email : null,
        presentationIds: [...new Set(wire.seats.map((s) => s.prsntId))],
        at: new Date().toISOString(),
        shows,
      });
      trackPurchase(items, r.reservationIdentifier, shekelsToAgorot(r.total) || shown.totalAgorot, codes);
      window.scrollTo({ top: 0 });
    },
    async onFailure(f) {
      if (f.code !== 'PRICE_MISMATCH') return;
      // Prices changed under us: reload them so the next attempt shows and sends the current ones.
      for (const id of presentationIdsOf(useCartStore.getState().seats)) await useBookingCatalogue.getState().retry(id);
      useCartStore.getState().normalise();
    },
  });

  // Paid: the confirmation has its own address (a reload or a shared link keeps it; the server checks who asks).
  if (ready && cart.seats.length === 0 && cart.lastOrder) {
    return (
      <Navigate
        to={{
          pathname: `/booking/confirmation/${encodeURIComponent(cart.lastOrder.reservationIdentifier)}`,
          search: location.search,
        }}
        replace
      />
    );
  }
  if (ready && cart.seats.length > 0 && !cart.customerInfo) return <Navigate to="/booking/checkout" replace />;

  const busy = payment.busy;
  const name = [info?.firstName, info?.lastName].filter(Boolean).join(' ');

  return (
    <CartGate ready={ready} step="payment">
      <BookingShell
        step="payment"
        stepHrefs={cartStepHrefs(cart.resId)}
        title={t('payment.title')}
        editableVouchers={!busy}
      >
        <VoucherForm />
        {waiverNeeds?.map((need) => (
          <WaiverStep
            key={need.presentationId}
            requirement={need}
            seats={totals.seats
              .filter((l) => l.seat.prsntId === need.presentationId)
              .map((l) => ({
                ticketId: l.seat.ticketId ?? 0,
                ticketName: l.ticket ? ticketName(l.ticket, locale) : '',
              }))}
            onChange={(w) => setSignedWaivers((all) => ({ ...all, [need.presentationId]: w }))}
          />
        ))}

        <PaymentStep
          payment={payment}
          titleId="pay-title"
          method={method}
          vouchers
          heldSeats
          disabled={!catalogue.ready}
        >
          {info && (
            <div className="customer-recap">
              <div>
                <p className="customer-recap__name">{name}</p>
                <p className="customer-recap__meta">
                  {typeof info.email === 'string' && <bdi dir="ltr">{info.email}</bdi>}
                  {typeof info.mobileNumber === 'string' && (
                    <>
                      <span aria-hidden="true"> · </span>
                      <bdi dir="ltr">{displayMobile(info.mobileNumber)}</bdi>
                    </>
                  )}
                </p>
              </div>
              <Link to="/booking/checkout" className="text-link">
                {t('payment.editDetails')}
              </Link>
            </div>
          )}

          {due > 0 && <PaymentMethodChoice value={method} onChange={setMethod} disabled={busy} />}

          {due > 0 && method === 'card' && (
            <div className="field field--inline">
              <label className="field__label" htmlFor={instalmentsId}>
                {t('payment.instalments')}
              </label>
              <select
                id={instalmentsId}
                className="select"
                value={cart.numberOfPayments}
                onChange={(e) => cart.setNumberOfPayments(Number(e.target.value))}
                disabled={busy}
              >
                {Array.from({ length: MAX_INSTALMENTS }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n === 1
                      ? t('payment.singlePayment')
                      : t('payment.instalmentsOption', { count: n, amount: money(Math.floor(due / n), locale) })}
                  </option>
                ))}
              </select>
            </div>
          )}
        </PaymentStep>

        {due > 0 && <HoldOrderOption disabled={busy || !catalogue.ready} presentations={holdDates} />}
      </BookingShell>
    </CartGate>
  );
}
