import { Injectable } from '@nestjs/common';
import { NO_ALLOCATION } from '@hotline/shared';
import { AppError } from '../common/app-error';
import type { ParsedCart } from '../cart';
import type { PricingSeat } from '../payment';
import type { Layout } from '../seats';
import { IntegrationService, MiniSiteService, allocationOf } from '../channels';
import type { SaleChannel } from './channel-sale.participant';

/**
 * The commit's channel rules (QuoteService calls this before anything is written):
 * - mini-site (cart.miniSiteUrl): every seat's presentation and ticket must be the mini-site's, every seat must
 *   carry an allocation, and each limited ticket must have balance left (checked again, atomically, by the sale);
 * - live domain (cart.domain): every seat must carry an allocation;
 * - partner link (cart.integrationId): recorded when GET /api/integration issued it and it is still live.
 * It lives with the commit, not in channels: it reads the cart and the priced seats, and channels importing those
 * closed a context cycle.
 */
const notFoundAsNull = (error: unknown): null => {
  if (error instanceof AppError && error.code === 'INTEGRATION_NOT_FOUND') return null;
  throw error;
};

@Injectable()
export class ChannelCheck {
  constructor(
    private readonly miniSites: MiniSiteService,
    private readonly integrations: IntegrationService,
  ) {}

  async check(
    cart: ParsedCart & { integrationId?: string | null },
    seats: PricingSeat[],
    layoutOf: Map<number, Layout>,
  ): Promise<SaleChannel | null> {
    const scope = await this.miniSites.scope(cart.miniSiteUrl);
    const liveDomain = Boolean(cart.domain && cart.domain.trim());
    if (scope || liveDomain) {
      for (const s of seats) {
        this.miniSites.assertPresentation(scope, s.presentationId);
        this.miniSites.assertTicket(scope, s.ticketId);
        const layout = layoutOf.get(s.presentationId)!;
        if (allocationOf(layout, s.sectionId, s.x, s.y) === NO_ALLOCATION) {
          const seat = layout.seats.get(`${s.sectionId}:${s.x}:${s.y}`);
          throw new AppError('MINI_SITE_SEAT_NOT_ALLOCATED', {
            seat: seat ? `${seat.rowName}/${seat.seatName}` : String(s.x),
          });
        }
      }
    }
    if (!scope) {
      const restricted = await this.miniSites.miniSiteOnlyTickets();
      if (seats.some((s) => restricted.has(s.ticketId))) throw new AppError('MINI_SITE_TICKET_NOT_ALLOWED');
    }
    const balances = new Map<number, number>();
    if (scope) {
      for (const s of seats) {
        if (scope.tickets.get(s.ticketId)?.balance != null)
          balances.set(s.ticketId, (balances.get(s.ticketId) ?? 0) + 1);
      }
      // An early, friendly refusal; what guarantees it is the claim before the charge and the sale's re-check under the
      // row lock (ChannelSaleParticipant.remaining).
      const fresh = await this.miniSites.freshBalances(scope);
      for (const [ticketId, n] of balances) {
        if ((fresh.get(ticketId) ?? 0) < n) throw new AppError('MINI_SITE_BALANCE_USED_UP');
      }
    }
    // Only an id GET /api/integration issued (and still live) is recorded. An unknown or expired one is dropped,
    // not refused: it cannot forge an attribution, and a buyer whose partner link aged in an open tab still buys.
    const asked = cart.integrationId?.trim() || null;
    const partner = asked ? await this.integrations.partnerOf(asked).catch(notFoundAsNull) : null;
    const integrationId = partner ? asked : null;
    if (!scope && !integrationId) return null;
    return {
      miniSiteId: scope?.id ?? null,
      integrationId,
      partner,
      balances: [...balances].map(([ticketId, seats]) => ({ ticketId, seats })),
    };
  }
}
