import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { OrderConfirmationResponse } from '@hotline/shared';
import { api, ApiError, isAbortError } from '../api/client';
import { userMessage } from '../api/user-message';
import { BookingShell } from './BookingShell';
import { Confirmation } from './Confirmation';
import { useCartStore, type CompletedOrder } from './cart-store';
import { installCartSync } from './cart-sync';
import './booking.css';

// Reached straight from the address bar (a reload, a shared link): the order this browser just completed comes back
// from sessionStorage with its shows and seats, which the server's answer does not carry.
installCartSync();

type Loaded = { id: string; order: CompletedOrder } | { id: string; error: string };

/**
 * The confirmation's own address, /booking/confirmation/{reservation identifier}: right after paying the
 * page shows the order the browser just completed; after a reload (or from the address bar) it asks the server,
 * which answers only the visitor who bought the order. The address holds the public reference only.
 */
export default function ConfirmationPage() {
  const { t } = useTranslation();
  const { reservationIdentifier = '' } = useParams();
  const lastOrder = useCartStore((s) => s.lastOrder);
  const local = lastOrder?.reservationIdentifier === reservationIdentifier ? lastOrder : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (local) return;
    const abort = new AbortController();
    api
      .get<OrderConfirmationResponse>(
        `/reservations/${encodeURIComponent(reservationIdentifier)}/confirmation`,
        {},
        abort.signal,
      )
      .then((r) =>
        setLoaded({
          id: reservationIdentifier,
          order: { ...r, email: null },
        }),
      )
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        setLoaded({ id: reservationIdentifier, error: e instanceof ApiError ? e.message : userMessage(e, t) });
      });
    return () => abort.abort();
  }, [local, reservationIdentifier, t]);

  const here = loaded?.id === reservationIdentifier ? loaded : null;
  const order = local ?? (here && 'order' in here ? here.order : null);
  return (
    <BookingShell step="confirmation" title={t('confirmation.title')} aside={null}>
      {order ? (
        <Confirmation order={order} />
      ) : here && 'error' in here ? (
        <section className="booking-card" data-testid="confirmation-unavailable">
          <p role="alert">{here.error}</p>
          <div className="button-row button-row--start">
            <Link className="button button--primary" to="/booking/customer-portal">
              {t('confirmation.myAccount')}
            </Link>
            <Link className="button button--secondary" to="/booking">
              {t('confirmation.more')}
            </Link>
          </div>
        </section>
      ) : (
        <p className="muted" role="status">
          {t('confirmation.loading')}
        </p>
      )}
    </BookingShell>
  );
}
