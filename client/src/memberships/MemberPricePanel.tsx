import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailableMembersResponse, MemberTicketsResponse } from '@hotline/shared';
import { api } from '../api/client';
import type { TicketInfo } from '../booking/cart-logic';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useCartStore } from '../booking/cart-store';
import './membership-i18n';

/**
 * Member prices in the ticket step: a logged-in member (GET /membership/mine answers) may take the
 * member-price ticket on the seats of this show, up to the member's balance. The seats carry the member number;
 * the server checks the member again and draws the balance inside the sale. Shows nothing to anyone else.
 */
export function MemberPricePanel({
  presentationId,
  headingLevel,
}: {
  presentationId: number;
  headingLevel: 'h3' | 'h4';
}) {
  const { t } = useTranslation();
  const mine = useLatestQuery(
    (signal) => api.get<AvailableMembersResponse>('/membership/mine', undefined, signal).catch(() => ({ members: [] })),
    [],
  );
  const tickets = useLatestQuery(
    (signal) =>
      api
        .get<MemberTicketsResponse>('/membership/member-tickets', { presentationId }, signal)
        .catch(() => ({ tickets: [] })),
    [presentationId],
  );
  const seats = useCartStore((s) => s.seats);
  const applyCodedTicket = useCartStore((s) => s.applyCodedTicket);
  const updateSeat = useCartStore((s) => s.updateSeat);
  const [applied, setApplied] = useState<string | null>(null);
  const member = mine.data?.members.find((m) => m.isAvailable && m.allowMemberSaleTickets);
  const offered = tickets.data?.tickets ?? [];
  if (!member || offered.length === 0) return null;
  const H = headingLevel;

  function use() {
    let left = member!.balance;
    for (const ticket of offered) {
      const here = useCartStore
        .getState()
        .seats.filter((s) => s.prsntId === presentationId && s.ticketGroupId === ticket.ticketGroupId);
      const count = Math.min(left, here.length);
      if (count <= 0) continue;
      const info: TicketInfo = {
        id: ticket.id,
        ticketGroupId: ticket.ticketGroupId,
        name: ticket.name,
        nameEn: ticket.name,
        price: ticket.price,
        oldPrice: null,
        serviceCharge: 0,
        pricePolicyId: 1,
        multiplyFactor: 1,
        code: ticket.code,
      };
      const done = applyCodedTicket(presentationId, info, count);
      left -= done;
      for (const s of useCartStore
        .getState()
        .seats.filter((x) => x.prsntId === presentationId && x.ticketId === ticket.id)) {
        updateSeat(s, { memberNumber: member!.memberNumber });
      }
    }
    setApplied(member!.memberNumber);
  }

  const inCart = seats.filter((s) => s.prsntId === presentationId).length;
  return (
    <div className="ticket-group member-price" data-testid="member-price">
      <H className="ticket-group__title">{t('memberships.memberPrice.title')}</H>
      <p>{t('memberships.memberPrice.balance', { count: member.balance })}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={use}
        disabled={inCart === 0 || applied !== null}
      >
        {t('memberships.memberPrice.use', { number: member.memberNumber })}
      </button>
    </div>
  );
}
