import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCartStore } from './cart-store';
import type { OrderStep } from './index';

/** Where completed steps link back to from checkout: the cart page edits tickets and products of every show. */
export function cartStepHrefs(resId: string | null, presentationId?: number): Partial<Record<OrderStep, string>> {
  const edit = resId ? `/cart/${resId}` : presentationId ? `/order/${presentationId}?step=tickets` : undefined;
  return {
    seats: presentationId ? `/order/${presentationId}` : undefined,
    tickets: edit,
    products: edit,
  };
}

/** A saved cart being restored (GET /api/reservations/:resId). */
export function CartRestoring() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('cartPage.restoring')}
      </div>
    </div>
  );
}

/**
 * Checkout pages need a cart: while it is being restored they wait; without
 * seats they say so (and point to the confirmation when an order was just paid).
 */
export function CartGate({ ready, step, children }: { ready: boolean; step: OrderStep; children: ReactNode }) {
  const { t } = useTranslation();
  const seats = useCartStore((s) => s.seats.length);
  const lastOrder = useCartStore((s) => s.lastOrder);
  if (!ready) return <CartRestoring />;
  if (seats === 0) {
    return (
      <section className="container status-page" aria-labelledby="empty-cart-title" data-testid="empty-cart">
        <h1 id="empty-cart-title">{t('cartPage.emptyTitle')}</h1>
        <p>{t(step === 'payment' ? 'cartPage.emptyPayment' : 'cartPage.emptyBody')}</p>
        <div className="button-row">
          {lastOrder && (
            <Link className="button button--secondary" to={`/edocument/${lastOrder.documentKey}`}>
              {t('confirmation.viewTickets')}
            </Link>
          )}
          <Link className="button button--primary" to="/booking">
            {t('cartPage.toEvents')}
          </Link>
        </div>
      </section>
    );
  }
  return <>{children}</>;
}
