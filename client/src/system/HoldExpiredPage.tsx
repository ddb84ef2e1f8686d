import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { flushCartSave, releaseSeats } from '../booking/cart-sync';
import { useCartStore } from '../booking/cart-store';

const RELEASE_WAIT_MS = 3_000;

/**
 * /booking/hold-expired — the seats' hold ran out. Says so plainly (nothing was charged), and offers to start
 * again on the same show's seat map, or the events. Any seat of that show still in the cart (the seat map's own
 * timer does not release them) is released here and dropped from the saved cart.
 */
export default function HoldExpiredPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('show');
  const show = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    const left = useCartStore.getState().seats.filter((s) => show === null || s.prsntId === show);
    if (left.length === 0) return;
    void (async () => {
      await Promise.race([releaseSeats(left), new Promise((resolve) => setTimeout(resolve, RELEASE_WAIT_MS))]);
      for (const seat of left) useCartStore.getState().removeSeat(seat);
      await flushCartSave().catch(() => undefined);
    })();
  }, [show]);

  return (
    <section
      className="container status-page hold-expired"
      aria-labelledby="hold-expired-title"
      data-testid="hold-expired"
    >
      <svg
        className="status-page__icon"
        viewBox="0 0 48 48"
        width="56"
        height="56"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="24" cy="26" r="17" fill="none" stroke="currentColor" strokeWidth="3.5" />
        <path d="M24 16v10l6 6M18 4h12" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <h1 id="hold-expired-title" tabIndex={-1} ref={headingRef}>
        {t('holdExpired.title')}
      </h1>
      <p>{t('holdExpired.body')}</p>
      <p>{t('holdExpired.hint')}</p>
      <div className="button-row">
        <Link className="button button--primary" to={show ? `/order/${show}` : '/booking'}>
          {t('holdExpired.again')}
        </Link>
        {show !== null && (
          <Link className="button button--secondary" to="/booking">
            {t('holdExpired.events')}
          </Link>
        )}
      </div>
    </section>
  );
}
