import { useId } from 'react';
import { CodeEntryForm, useCodeEntry, type CodeOutcome } from './CodeEntry';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { couponNoEligibleTicketsMessage } from '@hotline/shared';
import { ApiError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from './cart-store';
import { getTicketByCode } from './api';
import { withBotToken } from './botcheck';
import { ticketInfoOf } from './cart-logic';
import { CatalogueText } from '../components/CatalogueText';
import { isolate, ticketName } from './format';

/** Ticket-group lookups that mean "not here", as opposed to a reason the visitor should hear. */
const NOT_HERE = new Set(['TICKET_NOT_FOUND', 'TICKET_CODE_NOT_FOUND']);

/**
 * Coupon and voucher-ticket codes for one presentation (GET /presentations/:id/ticket).
 * The code is looked up for each ticket group the visitor holds seats in; the
 * ticket it names replaces the seats' tickets (they remember the previous one).
 * Refusals are the server's texts, i.e. the spec's exact Hebrew coupon messages.
 */
export function CouponForm({ presentationId, headingLevel = 3 }: { presentationId: number; headingLevel?: 3 | 4 }) {
  const Title = `h${headingLevel}` as const;
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const feedbackId = useId();
  const applied = useCartStore(
    useShallow((s) => {
      const used = new Set(
        s.seats.filter((x) => x.prsntId === presentationId && x.code).map((x) => x.code!.toLowerCase()),
      );
      return s.ticketCodes.filter((c) => used.has(c.toLowerCase()));
    }),
  );
  const codedTickets = useCartStore((s) => s.codedTickets);
  const removeCode = useCartStore((s) => s.removeCode);

  const entry = useCodeEntry(async (entered): Promise<CodeOutcome> => {
    const state = useCartStore.getState();
    const groups = [...new Set(state.seats.filter((s) => s.prsntId === presentationId).map((s) => s.ticketGroupId))];
    const ignoreTicketIds = Object.values(state.codedTickets).map((x) => x.id);
    let count = 0;
    let name = '';
    const notes: string[] = [];
    const errors: unknown[] = [];
    for (const ticketGroupId of groups) {
      try {
        const r = await withBotToken((recaptchaToken) =>
          getTicketByCode({ presentationId, ticketCode: entered, ticketGroupId, ignoreTicketIds, recaptchaToken }),
        );
        const info = ticketInfoOf(r.ticket);
        const n = useCartStore.getState().applyCodedTicket(presentationId, info, r.ticket.quantity);
        if (n > 0) {
          count += n;
          name = isolate(ticketName(info, locale), locale);
          if (r.msg) notes.push(r.msg);
        } else {
          errors.push(new ApiError(409, 'COUPON_NO_ELIGIBLE_TICKETS', couponNoEligibleTicketsMessage(locale)));
        }
      } catch (error) {
        errors.push(error);
      }
    }
    if (count > 0) return { kind: 'ok', text: [t('coupon.applied', { count, name }), ...notes].join(' ') };
    const telling = errors.find((e) => e instanceof ApiError && !NOT_HERE.has(e.code)) ?? errors[0];
    return {
      kind: 'error',
      text: telling instanceof ApiError && telling.message ? telling.message : t('coupon.failed'),
    };
  });

  return (
    <section className="coupon" aria-labelledby={`${inputId}-title`}>
      <Title id={`${inputId}-title`} className="coupon__title">
        {t('coupon.title')}
      </Title>
      <CodeEntryForm
        entry={entry}
        inputId={inputId}
        feedbackId={feedbackId}
        labels={{
          label: t('coupon.label'),
          checking: t('coupon.checking'),
          apply: t('coupon.apply'),
        }}
        capitals
      />
      {applied.length > 0 && (
        <ul className="plain chip-list" aria-label={t('coupon.appliedList')}>
          {applied.map((c) => {
            const ticket = Object.values(codedTickets).find((x) => x.code?.toLowerCase() === c.toLowerCase());
            return (
              <li key={c} className="chip">
                <span className="chip__code" dir="ltr">
                  {c}
                </span>
                {ticket && (
                  <span className="chip__name">
                    <CatalogueText locale={locale}>{ticketName(ticket, locale)}</CatalogueText>
                  </span>
                )}
                <button
                  type="button"
                  className="chip__remove"
                  onClick={() => {
                    removeCode(c);
                    entry.say({ kind: 'ok', text: t('coupon.removed', { code: isolate(c, locale) }) });
                  }}
                  aria-label={t('coupon.remove', { code: c })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
