import { isVideoOnDemand } from '@hotline/shared';
import { useEffect, useId, useMemo, useState } from 'react';
import { StepActions } from './StepActions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFocusOnAppear } from '../hooks/useFocusOnAppear';
import { useLocale } from '../hooks/useLocale';
import { CatalogueText } from '../components/CatalogueText';
import { formatJerusalemDateTime } from '../lib/datetime';
import { presentationFeatureName, venueAndLocation } from '../lib/localized';
import { useCartStore } from './cart-store';
import { CouponForm } from './CouponForm';
import { groupOfSeat, incompleteUnits, selectableTickets, seatKeyOf, type CartSeat, type SeatLine } from './cart-logic';
import { releaseSeats } from './cart-sync';
import { useBookingCatalogue } from './catalogue-store';
import { groupName, incompleteMessage, isolate, money, moneyOfShekels, seatLabel, ticketName } from './format';
import { useCartTotals, usePresentationDetails } from './hooks';
import { trackViewItem } from './tracking';
import { MemberPricePanel } from '../memberships/MemberPricePanel';
import { missingReference, TicketReferenceFields } from './TicketReferenceFields';
import './ticket-reference.css';

export interface TicketsStepProps {
  presentationId: number;
  /** "Continue": shown when given; refused (with a message) while a couple ticket lacks its partner seat. */
  onContinue?: () => void;
  onBack?: () => void;
  continueLabel?: string;
  /** Heading level of the step title (2 by default). */
  headingLevel?: 2 | 3;
  /** Focus the step's heading when it appears (the order page, after a step change). */
  focusHeading?: boolean;
}

/**
 * Choose tickets (spec sections 2 and 4): every seat of the presentation with
 * its ticket. A seat starts on the first base ticket; picking a couple ticket
 * (multiplyFactor 2) takes a second seat with it, which becomes its sub-ticket;
 * a coupon or voucher code replaces tickets and can be removed again. The
 * discount shown is the first ticket's price (or old price) minus the price paid.
 */
export function TicketsStep({
  presentationId,
  onContinue,
  onBack,
  continueLabel,
  headingLevel = 2,
  focusHeading = false,
}: TicketsStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const entry = usePresentationDetails(presentationId);
  const totals = useCartTotals();
  const chooseTicket = useCartStore((s) => s.chooseTicket);
  const removeSeat = useCartStore((s) => s.removeSeat);
  const [message, setMessage] = useState<string | null>(null);
  const H = `h${headingLevel}` as const;
  const headingRef = useFocusOnAppear<HTMLHeadingElement>(focusHeading);
  // Headings go down one level at a time (axe heading-order): the groups are one below the step's title.
  const Sub = headingLevel === 2 ? 'h3' : 'h4';

  useEffect(() => trackViewItem(presentationId), [presentationId]);

  const lines = useMemo(
    () => totals.seats.filter((l) => l.seat.prsntId === presentationId),
    [totals.seats, presentationId],
  );
  const byGroup = useMemo(() => {
    const map = new Map<number, SeatLine[]>();
    for (const l of lines) map.set(l.seat.ticketGroupId, [...(map.get(l.seat.ticketGroupId) ?? []), l]);
    return [...map.entries()];
  }, [lines]);

  if (entry?.status === 'error') {
    return (
      <div className="notice notice--error" role="alert">
        <p className="notice__title">{t('ticketsStep.loadError')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void useBookingCatalogue.getState().retry(presentationId)}
        >
          {t('booking.retry')}
        </button>
      </div>
    );
  }
  if (!entry || entry.status === 'loading' || !entry.groups) {
    return (
      <div className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('ticketsStep.loading')}
      </div>
    );
  }
  const p = entry.presentation!;

  if (lines.length === 0) {
    return (
      <section className="booking-card" aria-labelledby={titleId}>
        <H id={titleId} className="booking-card__title" tabIndex={-1} ref={headingRef}>
          {t('ticketsStep.title')}
        </H>
        <p className="muted">{t('ticketsStep.empty')}</p>
        <Link className="button button--secondary" to={`/order/${presentationId}`}>
          {t('ticketsStep.backToSeats')}
        </Link>
      </section>
    );
  }

  const incomplete = incompleteUnits(lines);

  function change(seat: CartSeat, ticketId: number) {
    const r = chooseTicket(seat, ticketId);
    if (!r.ok && r.reason === 'NEEDS_MORE_SEATS') setMessage(t('ticketsStep.needsSeats', { count: r.seatsNeeded }));
    else setMessage(null);
  }

  /**
   * One ticket type for every seat of a group at once (a cashier selling a block chose it seat by
   * seat). Seats on a code's ticket and couple sub-tickets keep theirs.
   */
  function changeAll(groupLines: SeatLine[], ticketId: number) {
    for (const l of groupLines)
      if (!l.ticket?.code && !l.seat.isMultiplyFactorSubTicket) chooseTicket(l.seat, ticketId);
    setMessage(t('ticketsStep.allChanged', { count: groupLines.length }));
  }

  function remove(seat: CartSeat) {
    removeSeat(seat);
    void releaseSeats([seat]);
    setMessage(t('ticketsStep.removed', { seat: seatLabel(seat, t) }));
  }

  function next() {
    const lacking = incompleteMessage(incomplete, t, locale);
    if (lacking) {
      setMessage(lacking);
      return;
    }
    const unreferenced = lines.find((l) => missingReference(l.seat, ticketOf(l.seat)));
    if (unreferenced) {
      setMessage(t('ticketReference.required', { seat: seatLabel(unreferenced.seat, t) }));
      return;
    }
    onContinue?.();
  }

  function ticketOf(seat: CartSeat) {
    return groupOfSeat(entry!.groups!, seat.ticketGroupId)?.tickets.find((o) => o.id === seat.ticketId);
  }

  return (
    <section
      className="booking-card tickets-step"
      aria-labelledby={titleId}
      data-testid={`tickets-step-${presentationId}`}
    >
      <header className="booking-card__head">
        <H id={titleId} className="booking-card__title" tabIndex={-1} ref={headingRef}>
          {t('ticketsStep.title')}
        </H>
        <p className="booking-card__sub">
          <CatalogueText locale={locale}>{presentationFeatureName(p, locale)}</CatalogueText>
          <span aria-hidden="true"> · </span>
          {isVideoOnDemand(p.venueTypeId) ? (
            // An online show: watched at home, no showtime or venue to name.
            t('vod.online')
          ) : (
            <>
              <time dateTime={p.dateTime}>{formatJerusalemDateTime(p.dateTime, locale)}</time>
              <span aria-hidden="true"> · </span>
              <CatalogueText locale={locale}>{venueAndLocation(p, locale)}</CatalogueText>
            </>
          )}
        </p>
      </header>

      <MemberPricePanel presentationId={presentationId} headingLevel={Sub} />
      {byGroup.map(([groupId, groupLines]) => {
        const group = groupOfSeat(entry.groups!, groupId);
        const options = selectableTickets(group);
        return (
          <div key={groupId} className="ticket-group">
            <Sub className="ticket-group__title">
              {group && (
                <span className="ticket-group__swatch" style={{ background: group.color }} aria-hidden="true" />
              )}
              {group ? (
                <CatalogueText locale={locale}>{groupName(group, locale)}</CatalogueText>
              ) : (
                t('ticketsStep.unknownGroup')
              )}
              <span className="ticket-group__count">{t('ticketsStep.seatCount', { count: groupLines.length })}</span>
            </Sub>
            {groupLines.length > 1 && options.filter((o) => o.multiplyFactor <= 1).length > 1 && (
              <div className="ticket-group__all">
                <label htmlFor={`ticket-all-${groupId}`}>
                  {t('ticketsStep.allLabel', { count: groupLines.length })}
                </label>
                <select
                  id={`ticket-all-${groupId}`}
                  className="select"
                  data-testid="ticket-all"
                  value=""
                  onChange={(e) => e.target.value && changeAll(groupLines, Number(e.target.value))}
                >
                  <option value="">{t('ticketsStep.allPlaceholder')}</option>
                  {options
                    .filter((o) => o.multiplyFactor <= 1)
                    .map((o) => (
                      <option key={o.id} value={o.id}>
                        {t('ticketsStep.option', {
                          name: isolate(ticketName(o, locale), locale),
                          price: moneyOfShekels(o.price, locale),
                        })}
                      </option>
                    ))}
                </select>
              </div>
            )}
            <ul className="plain seat-lines">
              {groupLines.map((line) => {
                const { seat } = line;
                const key = seatKeyOf(seat);
                const selectId = `ticket-${key.replace(/[^0-9a-z]/gi, '-')}`;
                const label = seatLabel(seat, t, isVideoOnDemand(p.venueTypeId));
                const coded = line.ticket?.code ? line.ticket : null;
                return (
                  <li key={key} className="seat-line" data-testid="seat-line">
                    <div className="seat-line__seat">
                      <span className="seat-line__label">{label}</span>
                      {seat.isMultiplyFactorSubTicket && line.ticket && (
                        <span className="seat-line__note">
                          {t('ticketsStep.subTicket', { name: isolate(ticketName(line.ticket, locale), locale) })}
                        </span>
                      )}
                    </div>
                    <div className="seat-line__ticket">
                      <label htmlFor={selectId} className="visually-hidden">
                        {t('ticketsStep.ticketFor', { seat: label })}
                      </label>
                      {coded ? (
                        <span id={selectId} className="seat-line__coded">
                          <bdi className="tag" dir="ltr">
                            {coded.code}
                          </bdi>{' '}
                          <CatalogueText locale={locale}>{ticketName(coded, locale)}</CatalogueText>
                        </span>
                      ) : (
                        <select
                          id={selectId}
                          className="select"
                          value={seat.ticketId ?? ''}
                          onChange={(e) => change(seat, Number(e.target.value))}
                        >
                          {options.map((o) => (
                            <option key={o.id} value={o.id}>
                              {o.multiplyFactor > 1
                                ? t('ticketsStep.optionMulti', {
                                    name: isolate(ticketName(o, locale), locale),
                                    count: o.multiplyFactor,
                                    price: moneyOfShekels(o.price, locale),
                                  })
                                : t('ticketsStep.option', {
                                    name: isolate(ticketName(o, locale), locale),
                                    price: moneyOfShekels(o.price, locale),
                                  })}
                            </option>
                          ))}
                        </select>
                      )}
                    </div>
                    <div className="seat-line__price">
                      <span className="seat-line__amount">{money(line.amountAgorot, locale)}</span>
                      {line.serviceChargeAgorot > 0 && (
                        <span className="seat-line__fee">
                          {t('ticketsStep.fee', { amount: money(line.serviceChargeAgorot, locale) })}
                        </span>
                      )}
                      {line.discountAgorot > 0 && (
                        <span className="seat-line__discount">
                          {t('ticketsStep.discount', { amount: money(line.discountAgorot, locale) })}
                        </span>
                      )}
                    </div>
                    <button
                      type="button"
                      className="icon-button seat-line__remove"
                      onClick={() => remove(seat)}
                      aria-label={t('ticketsStep.remove', { seat: label })}
                    >
                      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                        <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                      </svg>
                    </button>
                    <TicketReferenceFields seat={seat} ticket={ticketOf(seat)} seatLabel={label} />
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}

      <p className="form-feedback form-feedback--info" role="status">
        {message ?? ''}
      </p>

      {entry.groups.some((g) => g.isByCodeEnabled) && (
        <CouponForm presentationId={presentationId} headingLevel={headingLevel === 2 ? 3 : 4} />
      )}

      <StepActions onBack={onBack} onContinue={onContinue ? next : undefined} continueLabel={continueLabel} />
    </section>
  );
}
