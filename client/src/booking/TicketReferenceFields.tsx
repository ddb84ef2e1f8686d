import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiTicket, TicketReferenceCheckResponse } from '@hotline/shared';
import { api, ApiError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from './cart-store';
import type { CartSeat } from './cart-logic';

/** The prompt of a ticket's reference field in the reader's language (Russian and Arabic where given, else English). */
function promptOf(ticket: ApiTicket, which: 1 | 2, locale: string): string | undefined {
  const he = which === 1 ? ticket.ref1prompt : ticket.ref2prompt;
  const en = which === 1 ? ticket.ref1promptEn : ticket.ref2promptEn;
  const ru = which === 1 ? ticket.ref1promptRu : ticket.ref2promptRu;
  const ar = which === 1 ? ticket.ref1promptAr : ticket.ref2promptAr;
  if (locale === 'he') return he;
  return (locale === 'ru' ? ru : locale === 'ar' ? ar : undefined) ?? en ?? he;
}

/** Whether a seat's ticket asks for references the seat does not carry yet (the "continue" check). */
export function missingReference(seat: CartSeat, ticket: ApiTicket | undefined): boolean {
  if (!ticket?.ref1prompt || seat.isMultiplyFactorSubTicket) return false;
  return !seat.ref1?.trim() || (!!ticket.ref2prompt && !seat.ref2?.trim());
}

/**
 * Ticket prompts (ref1/ref2, spec "Ticket": ref1prompt, ref2prompt): the buyer types the reference the
 * ticket asks for (a member or employee number); on leaving the field the server says whether it is
 * eligible for this ticket now. The commit checks again, and the sale under the reference's lock.
 */
export function TicketReferenceFields({
  seat,
  ticket,
  seatLabel,
}: {
  seat: CartSeat;
  ticket: ApiTicket | undefined;
  seatLabel: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const updateSeat = useCartStore((s) => s.updateSeat);
  const id = useId();
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  if (!ticket?.ref1prompt || seat.isMultiplyFactorSubTicket) return null;
  const fields = ([1, 2] as const).filter((n) => (n === 1 ? ticket.ref1prompt : ticket.ref2prompt));

  async function check() {
    const current = useCartStore
      .getState()
      .seats.find(
        (s) =>
          s.prsntId === seat.prsntId &&
          s.sectionId === seat.sectionId &&
          s.XCoordinate === seat.XCoordinate &&
          s.YCoordinate === seat.YCoordinate,
      );
    const ref1 = current?.ref1?.trim();
    if (!ref1 || (ticket!.ref2prompt && !current?.ref2?.trim())) return setFeedback(null);
    try {
      await api.post<TicketReferenceCheckResponse>('/ticket-references/check', {
        presentationId: seat.prsntId,
        ticketId: seat.ticketId,
        ref1,
        ref2: current?.ref2 ?? null,
      });
      setFeedback({ ok: true, text: t('ticketReference.eligible') });
    } catch (error) {
      setFeedback({ ok: false, text: error instanceof ApiError ? error.message : t('ticketReference.checkError') });
    }
  }

  return (
    <div className="ticket-reference" data-testid="ticket-reference">
      {fields.map((n) => {
        const prompt = promptOf(ticket, n, locale)!;
        return (
          <div key={n} className="ticket-reference__field">
            <label htmlFor={`${id}-${n}`}>{t('ticketReference.label', { prompt, seat: seatLabel })}</label>
            <input
              id={`${id}-${n}`}
              className="input"
              dir="auto"
              maxLength={100}
              autoComplete="off"
              required
              aria-describedby={`${id}-feedback`}
              aria-invalid={feedback?.ok === false ? true : undefined}
              value={(n === 1 ? seat.ref1 : seat.ref2) ?? ''}
              onChange={(e) => {
                setFeedback(null);
                updateSeat(seat, n === 1 ? { ref1: e.target.value } : { ref2: e.target.value });
              }}
              onBlur={() => void check()}
            />
          </div>
        );
      })}
      <p
        id={`${id}-feedback`}
        className={`form-feedback ${feedback?.ok === false ? 'form-feedback--error' : 'form-feedback--info'}`}
        role="status"
      >
        {feedback?.text ?? ''}
      </p>
    </div>
  );
}
