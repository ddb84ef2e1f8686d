import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ApiPresentation, CommitResponse } from '@hotline/shared';
import { ApiError } from '../api/client';
import { userMessage } from '../api/user-message';
import { flushCartSave } from '../booking';
import { commitPayment } from '../booking/api';
import { withBotToken } from '../booking/botcheck';
import { currentWireCart } from '../booking/cart-sync';
import { customerApi } from '../customer-area/customer-api';
import { useCartStore } from '../booking/cart-store';
import { useLocale } from '../hooks/useLocale';
import { holdOfferOf } from './hold-offer';
import { HoldOfferText } from './HoldOfferText';
import './i18n';

/** What the customer area shows once, right after a hold is placed (router state, never stored). */
export interface HoldPlacedState {
  holdPlaced: { reservationIdentifier: string; holdDeadline: string };
}

/**
 * The hold-order option on the payment step (memberships-backoffice-spec.md section 4): a logged-in customer may
 * reserve without paying until the deadline the cart's dates set (each date's hold policy; the server decides who
 * may, members or any customer). A premium seat is refused by the server; the visitor is offered the regular order
 * (the pay button above) instead.
 */
export function HoldOrderOption({
  disabled,
  presentations,
}: {
  disabled: boolean;
  /** The cart's dates as the catalogue answered them (with their hold policies). */
  presentations: readonly ApiPresentation[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  // Read when the dates are known; a deadline passing while the page is open is the commit's to refuse.
  const offer = useMemo(() => holdOfferOf(presentations, new Date()), [presentations]);
  const [loggedIn, setLoggedIn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; text: string } | null>(null);

  useEffect(() => {
    let active = true;
    customerApi
      .data()
      .then(() => active && setLoggedIn(true))
      .catch(() => active && setLoggedIn(false));
    return () => {
      active = false;
    };
  }, []);

  async function placeHold() {
    setBusy(true);
    setError(null);
    try {
      await flushCartSave().catch(() => undefined);
      const { cart } = currentWireCart({ paymentIdentifier: null });
      const r = (await withBotToken((token) =>
        commitPayment({ ...cart, isHold: true }, token, useCartStore.getState().miniSiteUrl),
      )) as CommitResponse;
      useCartStore.getState().clear();
      const state: HoldPlacedState = {
        holdPlaced: { reservationIdentifier: r.reservationIdentifier, holdDeadline: r.holdDeadline ?? '' },
      };
      navigate('/booking/customer-portal', { state });
    } catch (e) {
      setError({ code: e instanceof ApiError ? e.code : 'Error', text: userMessage(e, t) });
      setBusy(false);
    }
  }

  if (loggedIn === null || offer === null) return null;
  return (
    <section className="booking-card hold-option" aria-labelledby="hold-option-title">
      <HoldOfferText offer={offer} locale={locale} />
      {offer.kind !== 'offered' ? null : loggedIn ? (
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => void placeHold()}
          disabled={disabled || busy}
          aria-busy={busy}
          data-testid="place-hold"
        >
          {busy ? t('holds.option.placing') : t('holds.option.button')}
        </button>
      ) : (
        <p>
          {t('holds.option.loginFirst')}{' '}
          <Link className="text-link" to="/booking/customer-portal">
            {t('holds.option.login')}
          </Link>
        </p>
      )}
      {error && (
        <div className="notice notice--error" role="alert" data-testid="hold-failure">
          {error.code === 'HOLD_PREMIUM_SEAT' && <p className="notice__title">{t('holds.option.premiumTitle')}</p>}
          <p className="notice__detail">{error.text}</p>
          {error.code === 'HOLD_PREMIUM_SEAT' && (
            <a className="button button--primary" href="#pay-title">
              {t('holds.option.switchToRegular')}
            </a>
          )}
        </div>
      )}
    </section>
  );
}
