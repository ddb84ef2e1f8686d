import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { createLatestRequest } from '../api/latest';
import { BookingShell, flushCartSave, ProductsStep, TicketsStep, useCart, installCartSync } from './index';
import { incompleteUnits, presentationIdsOf, type CartSeat } from './cart-logic';
import { restoreFromServer } from './cart-sync';
import { incompleteMessage, seatLabel } from './format';
import { useCartCatalogue, useCartTotals } from './hooks';
import { useLocale } from '../hooks/useLocale';
import { formatList } from '../lib/list-format';
import { useCartStore } from './cart-store';
import { CartRestoring } from './CartGate';

type Load =
  | { kind: 'loading' }
  | { kind: 'open'; lost: CartSeat[] }
  | { kind: 'paid'; reservationIdentifier: string | null }
  | { kind: 'closed' }
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

const RES_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * /cart/:resId — a saved cart (POST /api/cart gave its resId), restored with
 * GET /api/reservations/:resId: every show's tickets and products, editable,
 * then on to the customer details. Seats whose holds ended are taken again;
 * the ones someone else took meanwhile are listed.
 */
export default function CartPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { resId = '' } = useParams();
  const cart = useCart();
  const totals = useCartTotals();
  const catalogue = useCartCatalogue();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const latest = useRef(createLatestRequest());
  const valid = RES_ID.test(resId);

  useEffect(() => {
    installCartSync();
    if (!valid) {
      setLoad({ kind: 'missing' });
      return;
    }
    const state = useCartStore.getState();
    // Already this cart on this page (coming back from checkout): nothing to restore.
    if (state.resId === resId && state.seats.length > 0) {
      setLoad({ kind: 'open', lost: [] });
      if (state.hydration !== 'done') state.setHydration('done');
      return;
    }
    setLoad({ kind: 'loading' });
    const request = latest.current;
    request
      .run(() => restoreFromServer(resId))
      .then((r) => {
        if (!r.stale) setLoad(r.value);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) setLoad({ kind: 'missing' });
        else setLoad({ kind: 'error', error });
      });
    return () => request.cancel();
  }, [resId, valid]);

  if (load.kind === 'loading') return <CartRestoring />;
  if (load.kind !== 'open' || cart.seats.length === 0) {
    const key =
      load.kind === 'paid' ? 'paid' : load.kind === 'missing' ? 'missing' : load.kind === 'error' ? 'error' : 'empty';
    return (
      <section className="container status-page" aria-labelledby="cart-status-title" data-testid={`cart-${key}`}>
        <h1 id="cart-status-title">{t(`cartPage.${key}Title`)}</h1>
        <p>{t(`cartPage.${key}Body`)}</p>
        {load.kind === 'paid' && load.reservationIdentifier && (
          <p className="confirmation__id">
            {t('confirmation.reservation')}: <bdi dir="ltr">{load.reservationIdentifier}</bdi>
          </p>
        )}
        <Link className="button button--primary" to="/booking">
          {t('cartPage.toEvents')}
        </Link>
      </section>
    );
  }

  const ids = presentationIdsOf(cart.seats);
  // Products are sold per location: offer them once for shows playing in the same place.
  const seenLocations = new Set<number>();
  const withProducts = new Set(
    ids.filter((id) => {
      const location = catalogue.entries[id]?.presentation?.locationId;
      if (location === undefined) return true;
      if (seenLocations.has(location)) return false;
      seenLocations.add(location);
      return true;
    }),
  );

  async function toCheckout() {
    const lacking = incompleteMessage(incompleteUnits(totals.seats), t, locale);
    if (lacking) {
      setMessage(lacking);
      return;
    }
    await flushCartSave().catch(() => undefined);
    navigate('/booking/checkout');
  }

  return (
    <BookingShell step="tickets" presentationId={ids[0]} title={t('cartPage.title')}>
      {load.lost.length > 0 && (
        <div className="notice notice--warning" role="status">
          <p className="notice__title">{t('cartPage.lostTitle', { count: load.lost.length })}</p>
          <p>
            {formatList(
              load.lost.map((s) => seatLabel(s, t)),
              locale,
            )}
          </p>
        </div>
      )}
      {ids.map((id) => (
        <div key={id} className="cart-show">
          <TicketsStep presentationId={id} />
          {withProducts.has(id) && <ProductsStep presentationId={id} />}
        </div>
      ))}
      <p className="form-feedback form-feedback--info" role="status">
        {message ?? ''}
      </p>
      <div className="step-actions">
        <Link className="button button--secondary" to={`/order/${ids[0]}`}>
          <span className="arrow arrow--back" aria-hidden="true" />
          {t('cartPage.changeSeats')}
        </Link>
        <button type="button" className="button button--primary" onClick={() => void toCheckout()}>
          {t('cartPage.toDetails')}
          <span className="arrow" aria-hidden="true" />
        </button>
      </div>
    </BookingShell>
  );
}
