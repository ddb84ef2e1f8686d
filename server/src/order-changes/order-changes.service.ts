import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  seatKey,
  seatSwapRefusal,
  swapTargetRefusal,
  type ModifiableReservation,
  type ModifiableTicket,
  type SwapOptionsResponse,
  type SwapSeatsRequest,
  type SwapSeatsResponse,
  type SwapTargetsResponse,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { localizedName, type LocalizedNames } from '../common/localized-name';
import { LOGGER } from '../common/logger';
import { SeatEngineService, isTogetherSeat, type Layout, type LayoutSeat } from '../seats';
import '../cancellations';
import './order-changes.errors';
import {
  OrderChangesRepository,
  type ChangeableReservation,
  type OrderTicketRow,
  type SeatMove,
} from './order-changes.repository';

/**
 * Who asks for a change. A buyer proves the order is theirs by the customer-area login (the order's customer)
 * or by being the browser that bought it (the order's visitor uuid); staff by their session, permission and
 * business scope (checked by the staff controller before calling). `lockOwner` holds the new seats meanwhile.
 */
export type OrderChangeActor =
  | { kind: 'buyer'; visitorId: string; customerId: number | null }
  | { kind: 'staff'; staffUserId: number; visitorId: string };

/** Free seats offered for one ticket, at most (a hall's worth is more than a page can show usefully). */
const MAX_OPTIONS = 400;
/** Seats one change may move. */
const MAX_SWAPS = 20;

const keyOf = (t: { sectionId: number; x: number; y: number }): string => seatKey(t.sectionId, t.x, t.y);

/**
 * Changing the seats of a PAID order (docs/order-changes.md), as a two-step state machine like a cancellation:
 *  1. the new seats are locked for the asker (the seat engine's lock: availability and PostgreSQL's sold check);
 *  2. ONE PostgreSQL transaction, under the reservation's row lock, moves each ticket row to its new seat (same row
 *     id and identifier; the partial unique index refuses a seat sold meanwhile) and records the change with its
 *     transaction id (the reservation's LastTransactionId);
 *  3. after the commit, ONE Lua script (swap) marks the new seats sold and frees the old ones in one version, so
 *     every watcher sees both change together.
 * PostgreSQL is the truth: a death before 2 commits changes nothing (the lock expires); a death between 2 and 3
 * leaves the change unapplied in Redis, which the recovery job applies (new seats sold, old seats freed if
 * PostgreSQL no longer sells them). At no point are both seats, or neither, sold in PostgreSQL.
 */
@Injectable()
export class OrderChangesService {
  constructor(
    private readonly repo: OrderChangesRepository,
    private readonly engine: SeatEngineService,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The presentation of an order's live tickets (the staff scope check); a missing order is RESERVATION_NOT_FOUND. */
  async presentationOf(identifier: string): Promise<number> {
    const r = await this.repo.reservation(identifier);
    if (!r) throw new AppError('RESERVATION_NOT_FOUND');
    const t = (await this.repo.tickets(r.id)).find((x) => x.status === 'live');
    if (!t) throw new AppError('ORDER_NOT_CHANGEABLE');
    return t.presentationId;
  }

  /** The order as the change page shows it: its live seats (ChosenSeats), its last change, names in `locale`. */
  async view(actor: OrderChangeActor, identifier: string, locale: Locale): Promise<ModifiableReservation> {
    const r = await this.owned(actor, identifier);
    const live = (await this.repo.tickets(r.id)).filter((t) => t.status === 'live');
    const first = live[0];
    if (!first) throw new AppError('ORDER_NOT_CHANGEABLE');
    const show = await this.repo.show(first.presentationId);
    const layout = await this.engine.layout(first.presentationId);
    const names = await this.repo.sectionNames([...new Set(live.map((t) => t.sectionId))]);
    return {
      ReservationIdentifier: r.identifier,
      PresentationId: first.presentationId,
      FeatureName: show
        ? localizedName(locale, {
            he: show.featureName,
            en: show.featureNameEn,
            ru: show.featureNameRu,
            ar: show.featureNameAr,
          })
        : '',
      DateTime: show ? new Date(show.dateTime).toISOString() : '',
      ChosenSeats: live.map(keyOf),
      LastTransactionId: r.lastTransactionId,
      Tickets: live.map((t) => this.ticketView(t, layout, names, locale)),
    };
  }

  /** Free seats the ticket may move to: same presentation, same ticket group (so the same prices), not a couch. */
  async options(
    actor: OrderChangeActor,
    identifier: string,
    ticketIdentifier: string,
    locale: Locale,
  ): Promise<SwapOptionsResponse> {
    const r = await this.owned(actor, identifier);
    const live = (await this.repo.tickets(r.id)).filter((t) => t.status === 'live');
    const ticket = live.find((t) => t.identifier === ticketIdentifier);
    if (!ticket) throw new AppError('TICKET_NOT_IN_ORDER');
    const layout = await this.engine.layout(ticket.presentationId);
    const { state } = await this.engine.snapshot(layout);
    const seats: LayoutSeat[] = [];
    const refusal = targetRule(layout, new Set(live.map(keyOf)), ticket.ticketGroupId);
    for (const row of layout.rows) {
      for (const seat of row.seats) {
        if (refusal(seat) !== null) continue;
        if (state.has(seat.key)) continue;
        seats.push(seat);
        if (seats.length >= MAX_OPTIONS) break;
      }
      if (seats.length >= MAX_OPTIONS) break;
    }
    const names = await this.repo.sectionNames([...new Set(seats.map((s) => s.sectionId))]);
    return {
      TicketIdentifier: ticket.identifier,
      options: seats.map((s) => ({
        sectionId: s.sectionId,
        x: s.x,
        y: s.y,
        SectionName: sectionName(names, s.sectionId, layout, locale),
        RowName: s.rowName,
        SeatName: s.seatName,
      })),
    };
  }

  /**
   * Every seat of the hall the ticket may move to by the rule (same ticket group, reserved, not a couch, not the
   * order's own), free or not this second: the order-change map dims the rest and follows the live seat state
   * itself. No cap, unlike `options`: the map must be able to offer the seat beside a companion at the far end.
   */
  async targets(actor: OrderChangeActor, identifier: string, ticketIdentifier: string): Promise<SwapTargetsResponse> {
    const r = await this.owned(actor, identifier);
    const live = (await this.repo.tickets(r.id)).filter((t) => t.status === 'live');
    const ticket = live.find((t) => t.identifier === ticketIdentifier);
    if (!ticket) throw new AppError('TICKET_NOT_IN_ORDER');
    const layout = await this.engine.layout(ticket.presentationId);
    const refusal = targetRule(layout, new Set(live.map(keyOf)), ticket.ticketGroupId);
    const seats: number[] = [];
    for (const seat of layout.seats.values()) {
      if (refusal(seat) === null) seats.push(seat.sectionId, seat.x, seat.y);
    }
    return { TicketIdentifier: ticket.identifier, TicketGroupId: ticket.ticketGroupId, seats };
  }

  async swap(actor: OrderChangeActor, identifier: string, request: SwapSeatsRequest): Promise<SwapSeatsResponse> {
    const wanted = request.modifiedTickets;
    if (wanted.length === 0 || wanted.length > MAX_SWAPS) {
      throw new AppError('INVALID_BODY', { details: `modifiedTickets: 1 to ${MAX_SWAPS} tickets` });
    }
    if (new Set(wanted.map((w) => w.TicketIdentifier)).size !== wanted.length) {
      throw new AppError('INVALID_BODY', { details: 'modifiedTickets: a ticket appears twice' });
    }
    if (new Set(wanted.map(keyOf)).size !== wanted.length) {
      throw new AppError('INVALID_BODY', { details: 'modifiedTickets: a seat appears twice' });
    }
    const transactionId = request.transactionId ?? randomUUID();
    const r = await this.owned(actor, identifier);
    const replay = await this.replayed(r, transactionId, wanted);
    if (replay) return replay;
    const plan = await this.plan(actor, r, wanted);
    const pid = plan.presentationId;
    const newRefs = plan.moves.map((m) => m.to);

    // 1. Hold the new seats (the engine's lock: free now, and PostgreSQL does not sell them).
    try {
      await this.engine.lockBlock(actor.visitorId, pid, newRefs, MAX_SWAPS + 100);
    } catch (error) {
      if (error instanceof AppError && error.code === 'BLOCK_SEAT_NOT_AVAILABLE')
        throw new AppError('SEAT_NOT_AVAILABLE');
      throw error;
    }

    // 2. One transaction moves every ticket and records the change.
    let changeId: string;
    let chosen: string[];
    try {
      ({ changeId, chosen } = await this.repo.transaction(async (tx) => {
        const locked = await this.repo.reservation(identifier, tx);
        if (!locked || locked.state !== 'paid') throw new AppError('ORDER_NOT_CHANGEABLE');
        const rows = await this.repo.tickets(locked.id, tx);
        const swaps: SeatMove[] = [];
        for (const m of plan.moves) {
          // Re-checked under the row lock: the ticket is still live where we planned from.
          const row = rows.find((t) => t.id === m.ticket.id && t.status === 'live');
          if (!row || keyOf(row) !== keyOf(m.ticket)) throw new AppError('TICKET_NOT_IN_ORDER');
          try {
            await this.repo.moveTicket(tx, row.id, m.to);
          } catch (error) {
            if (isLiveSeatConflict(error)) throw new AppError('SEAT_NOT_AVAILABLE');
            throw error;
          }
          swaps.push({ ticket: row.identifier, from: keyOf(row), to: keyOf(m.to) });
        }
        const id = await this.repo.recordChange(tx, {
          reservationId: locked.id,
          transactionId,
          presentationId: pid,
          actor: actor.kind === 'staff' ? 'staff' : actor.customerId !== null ? 'customer' : 'buyer',
          actorRef:
            actor.kind === 'staff'
              ? `staff:${actor.staffUserId}`
              : actor.customerId !== null
                ? `customer:${actor.customerId}`
                : null,
          swaps,
        });
        const moved = new Map(swaps.map((s) => [s.from, s.to]));
        const after = rows.filter((t) => t.status === 'live').map((t) => moved.get(keyOf(t)) ?? keyOf(t));
        return { changeId: id, chosen: after };
      }));
    } catch (error) {
      // Nothing changed in PostgreSQL: give the new seats back at once rather than at the lock's expiry.
      await this.engine.unlockBlock(actor.visitorId, pid, newRefs).catch(() => undefined);
      throw error;
    }

    // 3. Redis follows PostgreSQL in one atomic step; a failure here is finished by the recovery job.
    await this.applySeats(changeId).catch((err) =>
      this.logger.warn({ err, change: changeId }, 'order change left for the recovery job'),
    );
    return {
      ReservationIdentifier: r.identifier,
      LastTransactionId: transactionId,
      ChosenSeats: chosen,
      swapped: plan.moves.map((m) => ({
        TicketIdentifier: m.ticket.identifier,
        from: keyOf(m.ticket),
        to: keyOf(m.to),
      })),
    };
  }

  /**
   * Step 3, idempotent (the recovery job calls it again): new seats PostgreSQL sells become sold, old seats it no
   * longer sells become available, in one swap script (one version, one published change).
   */
  async applySeats(changeId: string): Promise<void> {
    const c = await this.repo.change(changeId);
    if (!c || c.seatsApplied) return;
    const from = new Set(c.swaps.map((s) => s.from));
    const to = new Set(c.swaps.map((s) => s.to));
    const newKeys = [...to].filter((k) => !from.has(k));
    const oldKeys = [...from].filter((k) => !to.has(k));
    const liveNow = await this.repo.liveAmong(c.presentationId, [...newKeys, ...oldKeys]);
    await this.engine.swapSold(
      c.presentationId,
      newKeys.filter((k) => liveNow.has(k)),
      oldKeys.filter((k) => !liveNow.has(k)),
    );
    await this.repo.markApplied(changeId);
  }

  /** The order, if the actor may change it; someone else's order answers exactly like a missing one. */
  private async owned(actor: OrderChangeActor, identifier: string): Promise<ChangeableReservation> {
    const r = await this.repo.reservation(identifier);
    if (!r) throw new AppError('RESERVATION_NOT_FOUND');
    if (actor.kind === 'buyer') {
      const byLogin = actor.customerId !== null && r.customerId === actor.customerId;
      const byBrowser = r.visitorId === actor.visitorId;
      if (!byLogin && !byBrowser) throw new AppError('RESERVATION_NOT_FOUND');
    }
    if (r.state !== 'paid') throw new AppError('ORDER_NOT_CHANGEABLE');
    return r;
  }

  /** A retry of a change already made: the stored result; the same id with other seats: TRANSACTION_ID_REUSED. */
  private async replayed(
    r: ChangeableReservation,
    transactionId: string,
    wanted: SwapSeatsRequest['modifiedTickets'],
  ): Promise<SwapSeatsResponse | null> {
    const stored = await this.repo.transaction((tx) => this.repo.changeByTransaction(tx, r.id, transactionId));
    if (!stored) return null;
    const same =
      stored.length === wanted.length &&
      wanted.every((w) => stored.some((s) => s.ticket === w.TicketIdentifier && s.to === keyOf(w)));
    if (!same) throw new AppError('TRANSACTION_ID_REUSED');
    const live = (await this.repo.tickets(r.id)).filter((t) => t.status === 'live');
    return {
      ReservationIdentifier: r.identifier,
      LastTransactionId: transactionId,
      ChosenSeats: live.map(keyOf),
      swapped: stored.map((s) => ({ TicketIdentifier: s.ticket, from: s.from, to: s.to })),
    };
  }

  /** Validates every requested move against the order, the event and the seat map; nothing is written. */
  private async plan(
    actor: OrderChangeActor,
    r: ChangeableReservation,
    wanted: SwapSeatsRequest['modifiedTickets'],
  ): Promise<{
    presentationId: number;
    moves: { ticket: OrderTicketRow; to: { sectionId: number; x: number; y: number } }[];
  }> {
    const live = (await this.repo.tickets(r.id)).filter((t) => t.status === 'live');
    const ownSeats = new Set(live.map(keyOf));
    const moves = wanted.map((w) => {
      const ticket = live.find((t) => t.identifier === w.TicketIdentifier);
      if (!ticket) throw new AppError('TICKET_NOT_IN_ORDER');
      return { ticket, to: { sectionId: w.sectionId, x: w.x, y: w.y }, ticketId: w.ticketId };
    });
    const pid = moves[0]!.ticket.presentationId;
    if (moves.some((m) => m.ticket.presentationId !== pid)) {
      throw new AppError('INVALID_BODY', { details: 'modifiedTickets: one presentation per change' });
    }
    const show = await this.repo.show(pid);
    if (!show || new Date(show.dateTime).getTime() <= this.clock.nowMs()) throw new AppError('ORDER_NOT_CHANGEABLE');
    // The event's "no changes" setting binds buyers; the box office may still move people (a broken seat).
    if (show.changesLocked && actor.kind !== 'staff') throw new AppError('ORDER_CHANGES_LOCKED');
    const layout = await this.engine.layout(pid);
    for (const m of moves) {
      const oldSeat = layout.seats.get(keyOf(m.ticket));
      const seat = layout.seats.get(keyOf(m.to));
      if (!seat) throw new AppError('SEAT_NOT_FOUND');
      if (ownSeats.has(seat.key)) throw new AppError('SWAP_TO_OWN_SEAT');
      const current = {
        ticketGroupId: m.ticket.ticketGroupId,
        priceAgorot: m.ticket.priceAgorot,
        serviceChargeAgorot: m.ticket.serviceChargeAgorot,
      };
      const ticket =
        m.ticketId === undefined || m.ticketId === m.ticket.ticketId
          ? current
          : await this.repo.ticketPrice(m.ticketId);
      if (!ticket) throw new AppError('DIFFERENT_TICKET_GROUP_OR_PRICE');
      const refusal = seatSwapRefusal(current, { seatTicketGroupId: seat.ticketGroupId, ticket });
      if (refusal) throw new AppError(refusal);
      // Couches and beds are sold whole: neither half of one moves on its own (docs/order-changes.md).
      if (
        isTogetherSeat(seat) ||
        (oldSeat && isTogetherSeat(oldSeat)) ||
        !layout.sections.get(seat.sectionId)?.isReserved
      ) {
        throw new AppError('SEAT_NOT_AVAILABLE');
      }
    }
    return { presentationId: pid, moves };
  }

  private ticketView(
    t: OrderTicketRow,
    layout: Layout,
    names: Map<number, LocalizedNames>,
    locale: Locale,
  ): ModifiableTicket {
    const seat = layout.seats.get(keyOf(t));
    return {
      TicketIdentifier: t.identifier,
      PresentationId: t.presentationId,
      sectionId: t.sectionId,
      x: t.x,
      y: t.y,
      SectionName: sectionName(names, t.sectionId, layout, locale),
      RowName: seat?.rowName ?? '',
      SeatName: seat?.seatName ?? String(t.x),
      TicketGroupId: t.ticketGroupId,
      TicketId: t.ticketId,
      AmountWithSC: t.amountAgorot + t.paidServiceChargeAgorot,
      ServiceChargeAmount: t.paidServiceChargeAgorot,
    };
  }
}

/** The shared target rule over the seat layout: null for a seat the ticket may move to, else why not. */
function targetRule(layout: Layout, own: ReadonlySet<string>, ticketGroupId: number) {
  return (seat: LayoutSeat) =>
    swapTargetRefusal(
      {
        ticketGroupId: seat.ticketGroupId,
        sellable: seat.sellable,
        reserved: layout.sections.get(seat.sectionId)?.isReserved ?? false,
        together: isTogetherSeat(seat),
        own: own.has(seat.key),
      },
      ticketGroupId,
    );
}

function sectionName(names: Map<number, LocalizedNames>, sectionId: number, layout: Layout, locale: Locale): string {
  const n = names.get(sectionId);
  return n ? localizedName(locale, n) : (layout.sections.get(sectionId)?.name ?? '');
}

/** The partial unique index on live seats: another order holds that seat. */
function isLiveSeatConflict(error: unknown): boolean {
  type PgError = { code?: string; constraint?: string; driverError?: PgError };
  const outer = error as PgError;
  const e = outer?.code ? outer : (outer?.driverError ?? outer);
  return e?.code === '23505' && e.constraint === 'reservation_ticket_live_seat';
}
