import { Injectable } from '@nestjs/common';
import type {
  FeaturesResponse,
  PresentationResponse,
  PresentationsResponse,
  SeatsStatusResponse,
  TicketByCodeResponse,
  TicketGroupsResponse,
} from '@hotline/shared';
import { NO_ALLOCATION, SeatStatus } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { MiniSiteRepository } from './mini-site.repository';
import { MiniSiteService } from './mini-site.service';
import { allocationOf, type AllocatedLayout } from './seat-allocation';

/** The channel a catalogue, seat or ticket call names (query parameters of storefront-spec.md section 7). */
export interface ChannelParams {
  miniSiteUrl?: string | null;
  domain?: string | null;
}

const liveDomain = (p: ChannelParams) => Boolean(p.domain && p.domain.trim());

/**
 * Applies a mini-site (or the live domain) to the answers of the catalogue, seat and ticket calls. The calls
 * without these parameters are answered exactly as before. A presentation or ticket outside the mini-site is
 * refused (403), never silently emptied, so a hand-made request learns nothing and buys nothing.
 */
@Injectable()
export class ChannelScope {
  constructor(
    private readonly miniSites: MiniSiteService,
    private readonly repo: MiniSiteRepository,
  ) {}

  /** Refuses a presentation the mini-site does not offer (no-op outside mini-site mode). */
  async assertPresentation(p: ChannelParams, presentationId: number): Promise<void> {
    this.miniSites.assertPresentation(await this.miniSites.scope(p.miniSiteUrl), presentationId);
  }

  async features(p: ChannelParams, res: FeaturesResponse): Promise<FeaturesResponse> {
    const scope = await this.miniSites.scope(p.miniSiteUrl);
    if (!scope) return res;
    const featureIds = await this.repo.featureIdsOf([...scope.presentationIds]);
    return { ...res, features: res.features.filter((f) => featureIds.has(f.id)) };
  }

  /** Mini-site: its presentations only. Live domain: presentations that have seats set aside. */
  async presentations(p: ChannelParams, res: PresentationsResponse): Promise<PresentationsResponse> {
    const scope = await this.miniSites.scope(p.miniSiteUrl);
    if (!scope && !liveDomain(p)) return res;
    let keep = res.presentations;
    if (scope) keep = keep.filter((x) => scope.presentationIds.has(x.id));
    if (liveDomain(p)) {
      const allocated = await this.repo.presentationsWithAllocations(keep.map((x) => x.id));
      keep = keep.filter((x) => allocated.has(x.id));
    }
    return {
      presentations: keep,
      hasReserved: keep.some((x) => x.hasReservedSection),
      hasGA: keep.some((x) => x.hasGASection),
    };
  }

  async presentation(p: ChannelParams, res: PresentationResponse): Promise<PresentationResponse> {
    await this.assertPresentation(p, res.presentation.id);
    return res;
  }

  /** Mini-site: only its tickets, each with the Balance left as `balance`. Public: without any mini-site's tickets. */
  async ticketGroups(
    p: ChannelParams,
    presentationId: number,
    res: TicketGroupsResponse,
  ): Promise<TicketGroupsResponse> {
    const scope = await this.miniSites.scope(p.miniSiteUrl);
    if (!scope) {
      // The public storefront never offers a mini-site's own tickets.
      const restricted = await this.miniSites.miniSiteOnlyTickets();
      if (restricted.size === 0) return res;
      return {
        ...res,
        ticketGroups: res.ticketGroups.map((g) => ({ ...g, tickets: g.tickets.filter((t) => !restricted.has(t.id)) })),
      };
    }
    this.miniSites.assertPresentation(scope, presentationId);
    const balances = await this.miniSites.freshBalances(scope);
    return {
      ...res,
      ticketGroups: res.ticketGroups.map((g) => ({
        ...g,
        tickets: g.tickets
          .filter((t) => scope.tickets.has(t.id))
          .map((t) => ({ ...t, balance: balances.get(t.id) ?? null })),
        voucherTickets: g.voucherTickets.filter((t) => scope.tickets.has(t.id)),
      })),
    };
  }

  /**
   * Mini-site and live domain sell only seats set aside: an available seat without an AllocationId is shown
   * blocked (and the commit refuses it). Sold out already follows the allocation rule (seat-state.ts).
   */
  async seatsStatus(p: ChannelParams, presentationId: number, res: SeatsStatusResponse): Promise<SeatsStatusResponse> {
    const scope = await this.miniSites.scope(p.miniSiteUrl);
    if (!scope && !liveDomain(p)) return res;
    this.miniSites.assertPresentation(scope, presentationId);
    return {
      ...res,
      seats: res.seats.map((r) =>
        r[6] === SeatStatus.Available && r[4] === NO_ALLOCATION
          ? [r[0], r[1], r[2], r[3], r[4], r[5], SeatStatus.Blocked]
          : r,
      ),
    };
  }

  /**
   * A lock in a mini-site or the live domain (the client sends the channel as query parameters): the presentation
   * must be the mini-site's and a reserved seat must be set aside. General admission places are picked by the
   * server, so they are checked at the commit.
   */
  async assertLockable(
    p: ChannelParams,
    layout: AllocatedLayout,
    seat: { VenueSectionId: number; XCoordinate?: number | null; YCoordinate?: number | null },
  ): Promise<void> {
    const scope = await this.miniSites.scope(p.miniSiteUrl);
    if (!scope && !liveDomain(p)) return;
    this.miniSites.assertPresentation(scope, layout.presentation.id);
    const section = layout.sections.get(seat.VenueSectionId);
    if (!section?.isReserved || seat.XCoordinate == null || seat.YCoordinate == null) return;
    if (allocationOf(layout, section.id, seat.XCoordinate, seat.YCoordinate) !== NO_ALLOCATION) return;
    const s = layout.seats.get(`${section.id}:${seat.XCoordinate}:${seat.YCoordinate}`);
    throw new AppError('MINI_SITE_SEAT_NOT_ALLOCATED', { seat: s ? `${s.rowName}/${s.seatName}` : seat.XCoordinate });
  }

  /** A coded ticket found by its code is refused when the mini-site does not sell it. */
  async ticketByCode(p: ChannelParams, res: TicketByCodeResponse): Promise<TicketByCodeResponse> {
    const scope = await this.miniSites.scope(p.miniSiteUrl);
    const allowed = scope
      ? scope.tickets.has(res.ticket.id)
      : !(await this.miniSites.miniSiteOnlyTickets()).has(res.ticket.id);
    if (!allowed) throw new AppError('MINI_SITE_TICKET_NOT_ALLOWED');
    return res;
  }
}
