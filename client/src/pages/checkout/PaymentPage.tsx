import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { displayMobile, shekelsToAgorot, type CartWaiver, type WalletApproval } from '@hotline/shared';
import type { TFunction } from 'i18next';
import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../../api/client';
import { isOnline, userMessage } from '../../api/user-message';
import { BookingShell, flushCartSave, useCart, useCartCatalogue, useCartHydration, useCartTotals } from '../../booking';
import { commitPayment } from '../../booking/api';
import { warmBotToken, withBotToken } from '../../booking/botcheck';
import { incompleteUnits, presentationIdsOf } from '../../booking/cart-logic';
import { currentWireCart } from '../../booking/cart-sync';
import { useBookingCatalogue } from '../../booking/catalogue-store';
import { confirmedShows } from '../../booking/confirmed-shows';
import { isolate, money, ticketName } from '../../booking/format';
import { cartItems, trackAddPaymentInfo, trackPurchase } from '../../booking/tracking';
import { VoucherForm } from '../../booking/VoucherForm';
import { useLocale } from '../../hooks/useLocale';
import { useOnline } from '../../hooks/useOnline';
import { useCartStore } from '../../state/cart-store';
import { openPaymentPage, type PaymentMethod } from '../../payment/api';
import { PaymentMethodChoice, usePaymentDialogTexts } from '../../payment/PaymentMethodChoice';
import { useWaiverRequirements, WaiverStep } from '../../waiver/WaiverStep';
import { CartGate, cartStepHrefs } from './CartGate';
import { Confirmation } from './Confirmation';
import { HoldOrderOption } from '../../holds/HoldOrderOption';
import { PaymentDialog } from '../../payment/PaymentDialog';

type Phase = 'idle' | 'opening' | 'card' | 'committing';

interface Failure {
  /** A sentence for a person: the server's translated message or our own, never a code. */
  text: string;
  /** For choosing what to offer next (and for the console), never shown. */
  code: string;
}

/** Refusals of this card: another card may succeed ("Pay with another card"). */
const ANOTHER_CARD = new Set(['PAYMENT_DECLINED', 'PAYMENT_INSUFFICIENT_FUNDS']);
/** Nothing wrong with the card: the same attempt may succeed now ("Try paying again"). */
const TRY_AGAIN = new Set([
  'PAYMENT_TIMEOUT',
  'PAYMENT_NOT_AUTHORISED',
  'PAYMENT_ERROR',
  'PAYMENT_FORM_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'OFFLINE',
  NETWORK_ERROR,
  BAD_RESPONSE,
]);
const SEATS_GONE = new Set(['LOCKS_EXPIRED', 'SEAT_NOT_LOCKED', 'SEATS_LOST_REFUNDED']);
const MAX_INSTALMENTS = 12;

function failureOf(error: unknown, t: TFunction): Failure {
  const code = error instanceof ApiError ? error.code : 'Error';
  // The gateway's own timeout text says "refresh the page", which is not what this page offers: ours matches the button.
  if (code === 'PAYMENT_TIMEOUT' && isOnline()) return { text: t('payment.timeout'), code };
  return { text: userMessage(error, t), code: isOnline() ? code : 'OFFLINE' };
}

/** /booking/checkout/payment — vouchers, instalments, card payment (step 5) and the confirmation (step 6). */
export default function PaymentPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ready = useCartHydration();
  const cart = useCart();
  const totals = useCartTotals();
  const catalogue = useCartCatalogue();
  const [phase, setPhase] = useState<Phase>('idle');
  const [formUrl, setFormUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const instalmentsId = useId();
  const online = useOnline();
  // Events that need a signed waiver before payment (issue 13); each WaiverStep reports its finished waiver.
  const waiverNeeds = useWaiverRequirements(presentationIdsOf(cart.seats));
  const [signedWaivers, setSignedWaivers] = useState<Record<number, CartWaiver | null>>({});
  // Card or digital wallet (issue 15); a closed payment page says nothing was charged.
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [cancelled, setCancelled] = useState(false);
  const dialogTexts = usePaymentDialogTexts(method);

  useEffect(() => warmBotToken(), []);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  if (ready && cart.seats.length === 0 && cart.lastOrder) {
    return (
      <BookingShell step="confirmation" title={t('confirmation.title')} aside={null}>
        <Confirmation order={cart.lastOrder} />
      </BookingShell>
    );
  }
  if (ready && cart.seats.length > 0 && !cart.customerInfo) return <Navigate to="/booking/checkout" replace />;

  const due = totals.balanceDueAgorot;
  const busy = phase !== 'idle';
  const info = cart.customerInfo;
  const name = [info?.firstName, info?.lastName].filter(Boolean).join(' ');

  async function commit(paymentIdentifier: string | null, paypal?: WalletApproval) {
    setPhase('committing');
    setFailure(null);
    try {
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
    } catch (error) {
      const f = failureOf(error, t);
      console.error('payment commit failed:', f.code, error instanceof Error ? error.message : error);
      setFailure(f);
      if (f.code === 'PRICE_MISMATCH') {
        // Prices changed under us: reload them so the next attempt shows and sends the current ones.
        for (const id of presentationIdsOf(useCartStore.getState().seats))
          await useBookingCatalogue.getState().retry(id);
        useCartStore.getState().normalise();
      }
    } finally {
      setPhase('idle');
    }
  }

  async function pay() {
    if (busy) return;
    setFailure(null);
    setCancelled(false);
    const incomplete = incompleteUnits(totals.seats);
    if (incomplete.length) {
      setFailure({
        text: t('ticketsStep.incomplete', {
          name: isolate(ticketName(incomplete[0]!, locale), locale),
          count: incomplete[0]!.multiplyFactor,
        }),
        code: 'INCOMPLETE',
      });
      return;
    }
    if ((waiverNeeds ?? []).some((w) => !signedWaivers[w.presentationId])) {
      setFailure({ text: t('waiver.required'), code: 'WAIVER_REQUIRED' });
      return;
    }
    if (!isOnline()) {
      // Never open the card page offline: the dialog would frame the browser's own offline page.
      setFailure({ text: t('payment.offline'), code: 'OFFLINE' });
      return;
    }
    if (due === 0) {
      await commit(null);
      return;
    }
    setPhase('opening');
    try {
      const ssn = typeof info?.ssn === 'string' ? info.ssn : undefined;
      const { paymentFormURL } = await withBotToken((recaptchaToken) =>
        openPaymentPage(method, locale, { total: due / 100, recaptchaToken, ssn }),
      );
      setFormUrl(paymentFormURL);
      setPhase('card');
    } catch (error) {
      setFailure(failureOf(error, t));
      setPhase('idle');
    }
  }

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

        <section className="booking-card pay-card" aria-labelledby="pay-title">
          <header className="booking-card__head">
            <h2 id="pay-title" className="booking-card__title booking-card__title--small">
              {t('payment.payTitle')}
            </h2>
          </header>

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

          <div className="pay-total">
            <span>{due > 0 ? t('payment.toPay') : t('payment.coveredByVouchers')}</span>
            <strong data-testid="pay-total">{money(due, locale)}</strong>
          </div>

          {cancelled && !failure && (
            <p className="notice payment-cancelled" role="status" data-testid="payment-cancelled">
              {t('paymentMethod.cancelled')}
            </p>
          )}

          {failure && (
            <div
              className="notice notice--error payment-failure"
              role="alert"
              tabIndex={-1}
              ref={failureRef}
              data-testid="payment-failure"
            >
              <p className="notice__title">{t('payment.failedTitle')}</p>
              <p className="notice__detail">{failure.text}</p>
              {ANOTHER_CARD.has(failure.code) && <p>{t('payment.tryAnotherCard')}</p>}
              {TRY_AGAIN.has(failure.code) && failure.code !== 'OFFLINE' && <p>{t('payment.tryAgain')}</p>}
              {SEATS_GONE.has(failure.code) && (
                <Link className="button button--secondary" to="/booking">
                  {t('payment.chooseAgain')}
                </Link>
              )}
            </div>
          )}

          <button
            type="button"
            className="button button--primary button--block pay-button"
            onClick={() => void pay()}
            disabled={busy || !catalogue.ready}
            aria-busy={busy}
          >
            {phase === 'committing'
              ? t('payment.committing')
              : phase === 'opening'
                ? t('payment.opening')
                : failure && ANOTHER_CARD.has(failure.code)
                  ? t('payment.retryWithCard', { amount: money(due, locale) })
                  : failure && TRY_AGAIN.has(failure.code) && due > 0
                    ? t('payment.retry', { amount: money(due, locale) })
                    : due > 0
                      ? t('payment.payNow', { amount: money(due, locale) })
                      : t('payment.complete')}
          </button>
          <p className="secure-note">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <rect x="5" y="10" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {t('payment.secureNote')}
          </p>
        </section>

        {due > 0 && <HoldOrderOption disabled={busy || !catalogue.ready} />}

        <PaymentDialog
          url={formUrl}
          online={online}
          amountText={money(due, locale)}
          {...dialogTexts}
          onClose={() => {
            setFormUrl(null);
            setPhase('idle');
            setCancelled(true);
          }}
          onAuthorised={(m) => {
            setFormUrl(null);
            if (m.numberOfPayments && m.numberOfPayments !== useCartStore.getState().numberOfPayments) {
              useCartStore.getState().setNumberOfPayments(m.numberOfPayments);
            }
            trackAddPaymentInfo(
              totals.totalAgorot,
              m.paypal ? 'wallet' : 'credit_card',
              useCartStore.getState().ticketCodes.join(',') || undefined,
            );
            void commit(m.paymentIdentifier, m.paypal);
          }}
        />
      </BookingShell>
    </CartGate>
  );
}
