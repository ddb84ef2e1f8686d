import type { LockedSeat } from '@hotline/shared';
import { seatKey } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { isTogetherSeat, type Layout, type LayoutSeat, type LayoutSection } from './seat-layout';
import { expandSoldTogether } from './seat-rules';
import type { LockSeatBody } from './seats.queries';
import type { HoldCap, Refused, RuleRow } from './seat-store.port';
import './seats.errors';

/**
 * What the seat engine's parts share about a request's seats, all pure and in memory: which seats a body names and
 * what moves with them, the row rules' input for the lock script, and how a store refusal or a lock reads to the
 * client. The live state is never read here (seat-locking.service.ts and seat-sales.service.ts do that).
 */

export type SeatInput = LockSeatBody['seat'];

/** A seat to lock/sell, by its identity inside the presentation. */
export interface SeatRef {
  sectionId: number;
  x: number;
  y: number;
}

/** The lock scripts' hold-cap refusal as the 429 the client sees, with when to try again. */
export function throwIfHoldCap(r: { ok: boolean }, holdCap: HoldCap | undefined): void {
  const refused = r as Refused;
  if (r.ok || refused.code !== 'SEAT_HOLD_CAP') return;
  const waitMs = Number(refused.detail) || 1000;
  throw new AppError('SEAT_HOLD_CAP', { cap: holdCap?.cap ?? 0, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
}

export function refuse(r: Refused, layout: Layout): never {
  if (r.code === 'MAX_SEATS_EXCEEDED') {
    throw new AppError('MAX_SEATS_EXCEEDED', { maxSeats: Number(r.detail) || layout.presentation.maxSeatsPerOrder });
  }
  throw new AppError(r.code);
}

export function lockedSeatOf(seat: LayoutSeat): LockedSeat {
  return {
    sectionId: seat.sectionId,
    x: seat.x,
    y: seat.y,
    RowName: seat.rowName,
    SeatName: seat.seatName,
    ticketGroupId: seat.ticketGroupId,
    isPremium: seat.premium,
    features: seat.features,
  };
}

export function gaSeatOf(section: LayoutSection, place: number): LockedSeat {
  return {
    sectionId: section.id,
    x: place,
    y: 0,
    RowName: '',
    SeatName: String(place),
    ticketGroupId: section.ticketGroupId,
    isPremium: false,
    features: [],
  };
}

/** Checks the body names a real seat of this presentation; returns the section and, for reserved seats, the seat. */
export function resolveSeat(
  layout: Layout,
  input: SeatInput,
): { layout: Layout; section: LayoutSection; seat: LayoutSeat | null } {
  const p = layout.presentation;
  if (input.VenueId !== p.venueId || input.VenueSeatplanId !== p.seatplanId) {
    throw new AppError('INVALID_BODY', {
      details: 'seat.VenueId/VenueSeatplanId do not belong to this presentation',
    });
  }
  const section = layout.sections.get(input.VenueSectionId);
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  const tg = input.TicketGroupId;
  if (!section.isReserved) {
    if (tg !== undefined && tg !== null && tg !== 0 && tg !== section.ticketGroupId && tg !== section.zoneId) {
      throw new AppError('INVALID_BODY', { details: 'seat.TicketGroupId does not price this section' });
    }
    return { layout, section, seat: null };
  }
  if (
    input.XCoordinate === null ||
    input.XCoordinate === undefined ||
    input.YCoordinate === null ||
    input.YCoordinate === undefined
  ) {
    throw new AppError('INVALID_BODY', {
      details: 'seat.XCoordinate and seat.YCoordinate are required in a reserved section',
    });
  }
  const seat = layout.seats.get(seatKey(section.id, input.XCoordinate, input.YCoordinate));
  if (!seat) throw new AppError('SEAT_NOT_FOUND');
  if (tg !== undefined && tg !== null && tg !== 0 && tg !== seat.ticketGroupId && tg !== seat.zoneId) {
    throw new AppError('INVALID_BODY', { details: 'seat.TicketGroupId does not price this seat' });
  }
  return { layout, section, seat };
}

/** The seat and every seat that must move with it (couch, bed), chosen seat first. */
export function seatGroup(layout: Layout, seat: LayoutSeat): LayoutSeat[] {
  if (!isTogetherSeat(seat)) return [seat];
  const section = layout.sections.get(seat.sectionId)!;
  const group = expandSoldTogether(section.seats, { sectionId: seat.sectionId, x: seat.x, y: seat.y });
  return [seat, ...group.filter((s) => s !== seat)];
}

/** The rows of these seats for the lock script's two row rules ([] when neither applies to the presentation). */
export function ruleRows(layout: Layout, seats: LayoutSeat[]): RuleRow[] {
  const p = layout.presentation;
  if (!p.noSingleSeatGap && p.seatingPolicyId !== 3) return [];
  const rowIndexes = [...new Set(seats.map((s) => s.row))];
  return rowIndexes.map((i) => {
    const row = layout.rows[i]!;
    return {
      keys: row.seats.map((s) => s.key),
      flags: row.seats.map((s) => String((s.exempt ? 1 : 0) + (s.sellable ? 0 : 2))).join(''),
    };
  });
}

/** A lock's expiry as the client reads it: the instant, and whole seconds left on the lock clock. */
export function lockTiming(nowMs: number, expiresMs: number): { expiresAt: string; timeInSeconds: number } {
  return {
    expiresAt: new Date(expiresMs).toISOString(),
    timeInSeconds: Math.max(0, Math.floor((expiresMs - nowMs) / 1000)),
  };
}
