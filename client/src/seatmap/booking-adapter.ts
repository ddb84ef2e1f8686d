import { useCartStore } from '../booking/cart-store';
import type { SeatMapController } from './controller';
import type { HoldEvent } from './hold-events';
import { rowNameOf } from './model/seat-store';

/**
 * The booking adapter: the cart is written here, from the seat map's hold events, not by the seat map itself
 *. Held seats go to the cart with the group's default ticket (first with multiplyFactor <= 1); the
 * tickets step lets the visitor change it. Returns the unsubscribe function.
 */
export function connectCart(c: SeatMapController): () => void {
  return c.holdEvents.on((e: HoldEvent) => {
    switch (e.kind) {
      case 'seatHeld':
        return addSeat(c, e.seat);
      case 'seatReleased':
        return removeSeat(c, e.seat);
      case 'gaHeld':
        return addGaPlace(c, e.section, e.place);
      case 'gaReleased': {
        const sec = c.store.sections[e.section]!;
        useCartStore
          .getState()
          .removeSeat({ prsntId: c.presentation.id, sectionId: sec.id, XCoordinate: e.place, YCoordinate: 0 });
        return;
      }
    }
  });
}

function addSeat(c: SeatMapController, i: number): void {
  const st = c.store;
  const g = c.groupOfSeat(i);
  const ticket = g?.tickets.find((k) => k.multiplyFactor <= 1) ?? null;
  const p = c.presentation;
  useCartStore.getState().addSeat({
    prsntId: p.id,
    ticketGroupId: g?.id ?? st.ticketGroup[i]!,
    venueId: p.venueId,
    seatplanId: p.seatplanId,
    sectionId: st.sectionId[i]!,
    ticketId: ticket?.id ?? null,
    amount: ticket?.price ?? 0,
    serviceCharge: ticket?.serviceCharge ?? 0,
    pricePolicyId: ticket?.pricePolicyId ?? null,
    allocationId: null,
    isMultiplyFactorSubTicket: false,
    code: null,
    XCoordinate: st.coordX[i]!,
    YCoordinate: st.coordY[i]!,
    SeatplanX: st.x[i]!,
    SeatplanY: st.y[i]!,
    RowName: rowNameOf(st, i),
    SeatName: st.seatName[i]!,
  });
}

function addGaPlace(c: SeatMapController, s: number, place: number): void {
  const sec = c.store.sections[s]!;
  const g = c.groupOfZone(sec.zoneId);
  const ticket = g?.tickets.find((k) => k.multiplyFactor <= 1) ?? null;
  const p = c.presentation;
  useCartStore.getState().addSeat({
    prsntId: p.id,
    ticketGroupId: g?.id ?? 0,
    venueId: p.venueId,
    seatplanId: p.seatplanId,
    sectionId: sec.id,
    ticketId: ticket?.id ?? null,
    amount: ticket?.price ?? 0,
    serviceCharge: ticket?.serviceCharge ?? 0,
    pricePolicyId: ticket?.pricePolicyId ?? null,
    allocationId: null,
    isMultiplyFactorSubTicket: false,
    code: null,
    XCoordinate: place,
    YCoordinate: 0,
    SeatplanX: null,
    SeatplanY: null,
    RowName: null,
    SeatName: String(place),
  });
}

function removeSeat(c: SeatMapController, i: number): void {
  const st = c.store;
  useCartStore.getState().removeSeat({
    prsntId: c.presentation.id,
    sectionId: st.sectionId[i]!,
    XCoordinate: st.coordX[i]!,
    YCoordinate: st.coordY[i]!,
  });
}
