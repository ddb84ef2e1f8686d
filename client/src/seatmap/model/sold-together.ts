import { expandSoldTogether, type SoldTogetherSeat } from '@hotline/shared';
import { featureCodesOf } from './features';
import { togetherMembers, type SeatStore } from './seat-store';

/**
 * The seats a tap on seat i takes or gives back: the seat engine's own rule (`expandSoldTogether`, which the server's
 * lock calls), so the map never selects more or fewer seats than the lock will hold. Seats sharing a together id are
 * one unit only when the tapped seat is a couch or bed seat; a table's seats share an id and are sold one by one.
 * Seat indices, in the store's order.
 */
export function soldTogetherUnit(store: SeatStore, i: number): number[] {
  const members = togetherMembers(store, i);
  if (members.length === 1) return [i];
  const seats: (SoldTogetherSeat & { index: number })[] = [];
  // The client numbers together groups per section (one group per section and together id), as the rule groups them.
  const group = store.togetherGroup[i]!;
  for (const j of members)
    seats.push({
      index: j,
      sectionId: store.sectionId[j]!,
      x: store.coordX[j]!,
      y: store.coordY[j]!,
      togetherId: group,
      features: featureCodesOf(store.features[j]!),
    });
  return expandSoldTogether(seats, { sectionId: store.sectionId[i]!, x: store.coordX[i]!, y: store.coordY[i]! }).map(
    (s) => s.index,
  );
}
