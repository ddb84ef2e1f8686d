import { isSoldTogetherFeature } from '../../seats/seat-features';

/** What the sold-together rule needs of a seat (ApiSeat carries all of it). */
export interface SoldTogetherSeat {
  sectionId: number;
  x: number;
  y: number;
  /** Seats of one couch or bed share a non-null togetherId within their section. */
  togetherId: number | null;
  features: readonly number[];
}

/** Identifies the chosen seat; a full seat object works too. */
export interface SeatPosition {
  sectionId: number;
  x: number;
  y: number;
}

/**
 * Every seat that must be taken or released together with `chosen`
 * (memberships-backoffice-spec.md section 5: sofa or bed seats must all be
 * selected together), `chosen` included, in the order of `seats`.
 *
 * The group is the chosen seat's section plus its togetherId, and it applies
 * only when the chosen seat is a couch (1) or bed (4) seat: togetherId may group
 * seats for other reasons (a table), which the spec lets people buy singly.
 * A couch or bed seat with a null togetherId is a one-seat unit.
 *
 * Throws when `chosen` is not among `seats`: expanding a seat we cannot see
 * would silently lock half a couch.
 */
export function expandSoldTogether<T extends SoldTogetherSeat>(seats: readonly T[], chosen: SeatPosition): T[] {
  const chosenSeat = seats.find(
    (seat) => seat.sectionId === chosen.sectionId && seat.x === chosen.x && seat.y === chosen.y,
  );
  if (chosenSeat === undefined) {
    throw new RangeError(`seat ${chosen.sectionId}:${chosen.x}:${chosen.y} is not among the given seats`);
  }
  const { togetherId } = chosenSeat;
  if (togetherId === null || !chosenSeat.features.some(isSoldTogetherFeature)) return [chosenSeat];
  return seats.filter((seat) => seat.sectionId === chosenSeat.sectionId && seat.togetherId === togetherId);
}
