import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ApiMembership, MembershipDiscountCheckResponse, MembershipLockResponse } from '@hotline/shared';
import { getPresentationWithProducts } from '../booking/api';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { formatApiShekels } from '../lib/money';
import { MembershipCheckoutSteps, MembershipSeatMap, MembershipStepper } from './MembershipCheckout';
import { enrolSeatPort, getMembership, getMembershipSeatplan, releaseEnrolSeat } from './membership-api';
import '../booking/booking.css';
import './memberships.css';

type Step = 'fixedSeat' | 'rates' | 'events' | 'eventSeats' | 'details' | 'payment' | 'confirmation';

/**
 * /memberships/enrol/:membershipCode: the enrol flow (fixed seat -> rates -> choice of events -> seats at the events
 * -> details and payment -> confirmation). The fixed seat is held on every event of the season by ONE call (the seat
 * engine's multi-presentation script); events left out are released when the choice is confirmed. Required events
 * are pre-selected and cannot be removed. With IsSkipMemberSeat there is no seat to choose: a placeholder seat
 * stands for each member (adding a member adds another). A second enrolment is refused (ALREADY_ENROLLED).
 */
export default function EnrolPage() {
  const { t } = useTranslation();
  const { membershipCode = '' } = useParams();
  const query = useLatestQuery((signal) => getMembership(membershipCode, signal), [membershipCode]);
  if (query.status === 'error') {
    return (
      <div className="container page">
        <p className="notice notice--error" role="alert">
          {t('memberships.notFound')}
        </p>
      </div>
    );
  }
  if (query.status === 'loading') {
    return (
      <div className="container page page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('app.loading')}
      </div>
    );
  }
  return <EnrolFlow key={query.data.membership.MembershipId} m={query.data.membership} />;
}

function EnrolFlow({ m }: { m: ApiMembership }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const skipSeat = m.IsSkipMemberSeat;
  // Every event starts chosen (required ones can never be removed).
  const [step, setStep] = useState<Step>(skipSeat ? 'rates' : 'fixedSeat');
  const [held, setHeld] = useState<MembershipLockResponse | null>(null);
  const [rateId, setRateId] = useState<number | null>(m.prices[0]?.MembershipPriceId ?? null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(m.Presentations.map((p) => p.PresentationId)));
  const [members, setMembers] = useState(1);
  const [discount, setDiscount] = useState<MembershipDiscountCheckResponse | null>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const steps: Step[] = [
    ...(skipSeat ? [] : (['fixedSeat'] as Step[])),
    'rates',
    'events',
    'eventSeats',
    'details',
    'payment',
    'confirmation',
  ];
  const rate = m.prices.find((p) => p.MembershipPriceId === rateId) ?? m.prices[0]!;
  const pids = m.Presentations.filter((p) => chosen.has(p.PresentationId)).map((p) => p.PresentationId);
  const total = m.IsPricingPerTicket
    ? m.Presentations.filter((p) => chosen.has(p.PresentationId)).reduce(
        (sum, p) => sum + payable(m, p.PresentationId),
        0,
      )
    : rate.Price;
  const seat = held?.selections[0];
  const memberships = () => [
    {
      membershipId: m.MembershipId,
      ticketId: rate.MembershipPriceId,
      seasonId: m.SeasonId!,
      totalAmount: total,
      seat: seat ? { sectionId: seat.sectionId, x: seat.x, y: seat.y } : null,
      ticketGroupId: seat?.tgId ?? null,
      selections: pids.map((prsntId) => {
        const s = held?.selections.find((x) => x.prsntId === prsntId);
        return s
          ? {
              prsntId,
              venueId: s.venueId,
              seatplanId: s.seatplanId,
              sectionId: s.sectionId,
              x: s.x,
              y: s.y,
              tgId: s.tgId,
            }
          : { prsntId };
      }),
    },
  ];

  async function confirmEvents() {
    // Events left out give their seat back now (the hold stays on the chosen ones).
    if (seat && held) {
      const dropped = held.selections.map((s) => s.prsntId).filter((id) => !chosen.has(id));
      if (dropped.length > 0) {
        await releaseEnrolSeat(m.MembershipId, { venueId: seat.venueId, seatplanId: seat.seatplanId }, seat, dropped);
        setHeld({ ...held, selections: held.selections.filter((s) => chosen.has(s.prsntId)) });
      }
    }
    setStep('eventSeats');
  }

  return (
    <div className="container page booking-page membership-page" data-testid="enrol-page">
      <MembershipStepper steps={steps} current={step} />
      <div className="booking-titlebar">
        <h1 className="booking-page__title">{m.Name}</h1>
      </div>
      {step === 'fixedSeat' && (
        <FixedSeat membership={m} held={held} onHeld={setHeld} onNext={() => setStep('rates')} />
      )}
      {step === 'rates' && (
        <section className="booking-card" aria-labelledby="enrol-rates-title">
          <h2 id="enrol-rates-title" className="booking-card__title">
            {t('memberships.rates.title')}
          </h2>
          <fieldset className="membership-choices">
            <legend className="visually-hidden">{t('memberships.rates.title')}</legend>
            {m.prices.map((p) => (
              <label key={p.MembershipPriceId} className="membership-choice">
                <input
                  type="radio"
                  name="enrol-rate"
                  checked={rate.MembershipPriceId === p.MembershipPriceId}
                  onChange={() => setRateId(p.MembershipPriceId)}
                />
                <span>{p.Name}</span>
                {!m.IsPricingPerTicket && <strong>{formatApiShekels(p.Price, locale)}</strong>}
              </label>
            ))}
          </fieldset>
          <StepButtons onBack={skipSeat ? undefined : () => setStep('fixedSeat')} onNext={() => setStep('events')} />
        </section>
      )}
      {step === 'events' && (
        <section className="booking-card" aria-labelledby="enrol-events-title">
          <h2 id="enrol-events-title" className="booking-card__title">
            {t('memberships.events.title')}
          </h2>
          <p className="booking-card__sub">{t('memberships.events.note')}</p>
          <fieldset className="membership-choices">
            <legend className="visually-hidden">{t('memberships.events.title')}</legend>
            {m.Presentations.map((p) => (
              <label key={p.PresentationId} className="membership-choice">
                <input
                  type="checkbox"
                  checked={chosen.has(p.PresentationId)}
                  disabled={p.IsRequired}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(p.PresentationId);
                    else next.delete(p.PresentationId);
                    setChosen(next);
                  }}
                  data-testid={`enrol-event-${p.PresentationId}`}
                />
                <span>{eventLabel(p.dateTime, locale)}</span>
                {p.IsRequired && <span className="membership-tag">{t('memberships.events.required')}</span>}
                {m.IsPricingPerTicket && <strong>{formatApiShekels(payable(m, p.PresentationId), locale)}</strong>}
              </label>
            ))}
          </fieldset>
          <StepButtons onBack={() => setStep('rates')} onNext={() => void confirmEvents()} />
        </section>
      )}
      {step === 'eventSeats' && (
        <section className="booking-card" aria-labelledby="enrol-seats-title">
          <h2 id="enrol-seats-title" className="booking-card__title">
            {t('memberships.eventSeats.title')}
          </h2>
          <ul className="membership-event-seats" data-testid="enrol-event-seats">
            {m.Presentations.filter((p) => chosen.has(p.PresentationId)).map((p) => (
              <li key={p.PresentationId}>
                <span>{eventLabel(p.dateTime, locale)}</span>
                {skipSeat ? (
                  <span>
                    {Array.from({ length: members }, (_, i) => (
                      <span key={i} className="membership-tag">
                        {t('memberships.eventSeats.placeholder')}
                      </span>
                    ))}
                  </span>
                ) : (
                  <span>
                    {seat ? t('memberships.eventSeats.seat', { row: seat.RowName, seat: seat.SeatName }) : ''}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {skipSeat && (
            <p>
              <span>{t('memberships.eventSeats.members', { count: members })}</span>{' '}
              <button type="button" className="button button--secondary" onClick={() => setMembers(members + 1)}>
                {t('memberships.eventSeats.addMember')}
              </button>
            </p>
          )}
          <p className="gift-summary__total">
            <span>{t('memberships.summary.total')}</span>
            <strong data-testid="enrol-total">{formatApiShekels(total, locale)}</strong>
          </p>
          <StepButtons onBack={() => setStep('events')} onNext={() => setStep('details')} />
        </section>
      )}
      <MembershipCheckoutSteps
        step={step}
        goTo={setStep}
        detailsBack={() => setStep('eventSeats')}
        enrol
        membershipId={m.MembershipId}
        membershipPriceId={rate.MembershipPriceId}
        priceShekels={total}
        discount={discount}
        onDiscount={setDiscount}
        memberships={memberships}
      />
    </div>
  );
}

function payable(m: ApiMembership, pid: number): number {
  const base = m.Presentations.find((p) => p.PresentationId === pid)?.MembershipPayableAmount ?? 0;
  const overrides = Object.values(m.PresentationDetail[String(pid)] ?? {}).flatMap((byTicket) =>
    Object.values(byTicket),
  );
  const o = overrides.find((x) => x.IsPriceOverride);
  return o ? o.Price : base;
}

function eventLabel(iso: string | undefined, locale: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Jerusalem',
  }).format(new Date(iso));
}

function StepButtons({ onBack, onNext }: { onBack?: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="button-row">
      {onBack && (
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('memberships.back')}
        </button>
      )}
      <button type="button" className="button button--primary" onClick={onNext}>
        {t('memberships.next')}
      </button>
    </div>
  );
}

/** The fixed seat: the canvas map of the first event in membership mode; a lock holds the seat on every event. */
function FixedSeat({
  membership,
  held,
  onHeld,
  onNext,
}: {
  membership: ApiMembership;
  held: MembershipLockResponse | null;
  onHeld: (r: MembershipLockResponse | null) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const plan = useLatestQuery(
    (signal) => getMembershipSeatplan(membership.MembershipId, true, signal),
    [membership.MembershipId],
  );
  const first = plan.data?.seatplan.presentationIds[0];
  const presentation = useLatestQuery(
    (signal) => (first ? getPresentationWithProducts(first, signal) : Promise.resolve(null)),
    [first],
  );
  const all = useMemo(() => membership.Presentations.map((p) => p.PresentationId), [membership]);
  const stableOnHeld = useCallback((r: MembershipLockResponse | null) => onHeld(r), [onHeld]);
  const port = useMemo(
    () =>
      plan.data
        ? enrolSeatPort(
            membership.MembershipId,
            { venueId: plan.data.seatplan.VenueId, seatplanId: plan.data.seatplan.VenueSeatplanId },
            () => all,
            stableOnHeld,
          )
        : undefined,
    [membership.MembershipId, plan.data, stableOnHeld, all],
  );
  return (
    <section className="booking-card membership-seats" aria-labelledby="enrol-fixed-title">
      <h2 id="enrol-fixed-title" className="booking-card__title">
        {t('memberships.seats.title')}
      </h2>
      <MembershipSeatMap
        presentation={presentation.status === 'success' ? presentation.data : null}
        port={port}
        held={held}
        onNext={onNext}
      />
    </section>
  );
}
