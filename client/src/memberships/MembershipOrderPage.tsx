import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  MAX_MEMBERSHIPS_PER_ORDER,
  MEMBERSHIP_TYPE_SEASON,
  MEMBERSHIP_TYPE_SERIES,
  type ApiMembership,
  type MembershipDiscountCheckResponse,
  type MembershipLockResponse,
} from '@hotline/shared';
import { getPresentationWithProducts } from '../booking/api';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { formatApiShekels } from '../lib/money';
import { MembershipCheckoutSteps, MembershipSeatMap, MembershipStepper } from './MembershipCheckout';
import { getMembershipSeatplan, getMemberships, membershipSeatPort } from './membership-api';
import '../booking/booking.css';
import './memberships.css';

type Step = 'choose' | 'seats' | 'details' | 'payment' | 'confirmation';

/**
 * /membership, /membership/:membershipCode, /membership/:membershipCode/:membershipPriceCode: the order-memberships
 * flow (choose memberships -> choose seats -> details and payment -> confirmation). At most one membership per order
 * (MAX_MEMBERSHIPS_PER_ORDER), at least one. A series (type 2) steps through its events one by one, next and
 * previous; its one seat is held on all of them at once.
 */
export default function MembershipOrderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { membershipCode, membershipPriceCode } = useParams();
  const list = useLatestQuery((signal) => getMemberships(signal), []);
  const buyable = useMemo(
    () => (list.data?.memberships ?? []).filter((m) => m.MembershipTypeId !== MEMBERSHIP_TYPE_SEASON),
    [list.data],
  );
  const [picked, setChosen] = useState<{ membershipId: number; priceId: number } | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [held, setHeld] = useState<MembershipLockResponse | null>(null);
  const [mustChoose, setMustChoose] = useState(false);
  const [discount, setDiscount] = useState<MembershipDiscountCheckResponse | null>(null);

  // The route names a membership (and maybe its price): it is chosen until the visitor picks another.
  const fromRoute = useMemo(() => {
    if (!membershipCode) return null;
    const m = buyable.find((x) => x.Code.toLowerCase() === membershipCode.toLowerCase());
    const price = m?.prices.find((p) => p.PriceCode === membershipPriceCode) ?? m?.prices.find((p) => !p.isTopup);
    return m && price ? { membershipId: m.MembershipId, priceId: price.MembershipPriceId } : null;
  }, [buyable, membershipCode, membershipPriceCode]);
  const chosen = picked ?? fromRoute;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const membership = buyable.find((m) => m.MembershipId === chosen?.membershipId) ?? null;
  const price = membership?.prices.find((p) => p.MembershipPriceId === chosen?.priceId) ?? null;
  const steps: Step[] = membership?.hasSeat
    ? ['choose', 'seats', 'details', 'payment', 'confirmation']
    : ['choose', 'details', 'payment', 'confirmation'];

  const seat = held?.selections[0];
  const memberships = () => [
    {
      membershipId: membership!.MembershipId,
      membershipPriceId: price!.MembershipPriceId,
      currencyId: price!.currency.CurrencyId,
      reference1: price!.references.reference1,
      reference2: price!.references.reference2,
      price: price!.Price,
      seat: seat ? { sectionId: seat.sectionId, x: seat.x, y: seat.y } : null,
    },
  ];

  return (
    <div className="container page booking-page membership-page" data-testid="membership-order-page">
      <MembershipStepper steps={steps} current={step} />
      <div className="booking-titlebar">
        <h1 className="booking-page__title">{membership?.Name ?? t('memberships.title')}</h1>
      </div>
      {step === 'choose' && (
        <section className="booking-card" aria-labelledby="membership-choose-title">
          <h2 id="membership-choose-title" className="booking-card__title">
            {t('memberships.choose.title')}
          </h2>
          <p className="booking-card__sub">{t('memberships.choose.max', { max: MAX_MEMBERSHIPS_PER_ORDER })}</p>
          {list.status === 'loading' && (
            <div className="page-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('app.loading')}
            </div>
          )}
          <fieldset className="membership-choices">
            <legend className="visually-hidden">{t('memberships.choose.title')}</legend>
            {buyable.flatMap((m) =>
              m.prices.map((p) => (
                <label key={p.MembershipPriceId} className="membership-choice">
                  <input
                    type="radio"
                    name="membership-price"
                    checked={chosen?.priceId === p.MembershipPriceId}
                    onChange={() => {
                      setChosen({ membershipId: m.MembershipId, priceId: p.MembershipPriceId });
                      setMustChoose(false);
                      // A code was checked against the previous choice.
                      setDiscount(null);
                    }}
                    disabled={p.isTopup}
                  />
                  <span>
                    {m.Name} · {p.Name}
                  </span>
                  <strong>{formatApiShekels(p.Price, locale)}</strong>
                </label>
              )),
            )}
          </fieldset>
          {mustChoose && (
            <p className="notice notice--error" role="alert">
              {t('memberships.choose.mustSelect')}
            </p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                if (!membership || !price) return setMustChoose(true);
                setStep(membership.hasSeat ? 'seats' : 'details');
              }}
            >
              {t('memberships.next')}
            </button>
          </div>
        </section>
      )}
      {step === 'seats' && membership && (
        <MembershipSeats
          membership={membership}
          held={held}
          onHeld={setHeld}
          onBack={() => setStep('choose')}
          onNext={() => setStep('details')}
        />
      )}
      {membership && price && (
        <MembershipCheckoutSteps
          step={step}
          goTo={setStep}
          detailsBack={() => setStep(membership.hasSeat ? 'seats' : 'choose')}
          enrol={false}
          membershipId={membership.MembershipId}
          membershipPriceId={price.MembershipPriceId}
          priceShekels={price.Price}
          discount={discount}
          onDiscount={setDiscount}
          memberships={memberships}
        />
      )}
    </div>
  );
}

/** The seat step: the canvas map in membership mode; a series steps through its events with next and previous. */
function MembershipSeats({
  membership,
  held,
  onHeld,
  onBack,
  onNext,
}: {
  membership: ApiMembership;
  held: MembershipLockResponse | null;
  onHeld: (r: MembershipLockResponse | null) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const plan = useLatestQuery(
    (signal) => getMembershipSeatplan(membership.MembershipId, false, signal),
    [membership.MembershipId],
  );
  const pids = plan.data?.seatplan.presentationIds ?? [];
  const [index, setIndex] = useState(0);
  const pid = pids[index];
  const presentation = useLatestQuery(
    (signal) => (pid ? getPresentationWithProducts(pid, signal) : Promise.resolve(null)),
    [pid],
  );
  const port = useMemo(
    () =>
      plan.data
        ? membershipSeatPort(
            membership.MembershipId,
            { venueId: plan.data.seatplan.VenueId, seatplanId: plan.data.seatplan.VenueSeatplanId },
            onHeld,
          )
        : undefined,
    [membership.MembershipId, plan.data, onHeld],
  );
  const series = membership.MembershipTypeId === MEMBERSHIP_TYPE_SERIES && pids.length > 1;
  return (
    <section className="booking-card membership-seats" aria-labelledby="membership-seats-title">
      <h2 id="membership-seats-title" className="booking-card__title">
        {t('memberships.seats.title')}
      </h2>
      {series && (
        <div
          className="membership-series"
          role="group"
          aria-label={t('memberships.seats.stepOf', { n: index + 1, total: pids.length })}
        >
          <button
            type="button"
            className="button button--secondary"
            disabled={index === 0}
            onClick={() => setIndex(index - 1)}
          >
            {t('memberships.seats.previous')}
          </button>
          <span aria-live="polite">{t('memberships.seats.stepOf', { n: index + 1, total: pids.length })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={index >= pids.length - 1}
            onClick={() => setIndex(index + 1)}
          >
            {t('memberships.seats.nextEvent')}
          </button>
          <p className="membership-series__note">{t('memberships.seats.seriesNote')}</p>
        </div>
      )}
      <MembershipSeatMap
        presentation={presentation.status === 'success' ? presentation.data : null}
        port={port}
        held={held}
        onBack={onBack}
        onNext={onNext}
      />
    </section>
  );
}
