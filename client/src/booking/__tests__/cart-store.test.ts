import type { ApiTicketGroup, RestoreCartResponse } from '@hotline/shared';
import { cartEffects, useCartStore } from '../cart-store';
import { useBookingCatalogue } from '../catalogue-store';
import type { CartSeat } from '../cart-logic';

const groups: ApiTicketGroup[] = [
  {
    id: 1,
    name: 'רגיל',
    nameEn: 'Standard',
    color: '#00f',
    zoneId: 1,
    isByCodeEnabled: true,
    voucherTickets: [],
    tickets: [
      {
        id: 11,
        ticketGroupId: 1,
        name: 'רגיל',
        nameEn: 'Regular',
        price: 42,
        oldPrice: null,
        serviceCharge: 3,
        pricePolicyId: 1,
        code: null,
        multiplyFactor: 1,
      },
      {
        id: 14,
        ticketGroupId: 1,
        name: 'זוגי',
        nameEn: 'Couple',
        price: 74,
        oldPrice: null,
        serviceCharge: 5,
        pricePolicyId: 1,
        code: null,
        multiplyFactor: 2,
      },
    ],
  },
  {
    id: 2,
    name: 'ללא',
    nameEn: 'None',
    color: '#000',
    zoneId: 2,
    isByCodeEnabled: false,
    voucherTickets: [],
    tickets: [],
  },
];

const seat = (x: number, ticketGroupId = 1): CartSeat => ({
  prsntId: 7,
  ticketGroupId,
  venueId: 1,
  seatplanId: 1,
  sectionId: 3,
  ticketId: null,
  amount: 0,
  serviceCharge: 0,
  pricePolicyId: null,
  allocationId: null,
  isMultiplyFactorSubTicket: false,
  code: null,
  XCoordinate: x,
  YCoordinate: 2,
  SeatplanX: 0,
  SeatplanY: 0,
  RowName: 'B',
  SeatName: String(x),
});

beforeEach(() => {
  useCartStore.getState().clear();
  useBookingCatalogue.setState({
    entries: {
      7: { status: 'ready', groups, serviceCharge: { name: 'x', amountPerOrder: null, percentRatePerOrder: null } },
    },
  });
});

describe('cart store (what the seat map calls)', () => {
  test('addSeat gives the default ticket; the same seat twice is one seat; removeSeat drops it', () => {
    const store = useCartStore.getState();
    store.addSeat(seat(1));
    store.addSeat(seat(1));
    expect(useCartStore.getState().seats).toHaveLength(1);
    expect(useCartStore.getState().seats[0]).toMatchObject({ ticketId: 11, amount: 42, serviceCharge: 3 });
    store.removeSeat({ prsntId: 7, sectionId: 3, XCoordinate: 1, YCoordinate: 2 });
    expect(useCartStore.getState().seats).toEqual([]);
  });

  test('a seat whose group has no ticket is deselected and handed to the release effect', () => {
    const dropped: CartSeat[] = [];
    const before = cartEffects.seatsDropped;
    cartEffects.seatsDropped = (s) => dropped.push(...s);
    try {
      useCartStore.getState().addSeat(seat(5, 2));
    } finally {
      cartEffects.seatsDropped = before;
    }
    expect(useCartStore.getState().seats).toEqual([]);
    expect(dropped.map((s) => s.XCoordinate)).toEqual([5]);
  });

  test('a couple ticket marks the second seat as its sub-ticket; a coupon replaces and its removal restores', () => {
    const store = useCartStore.getState();
    store.addSeat(seat(1));
    store.addSeat(seat(2));
    store.addSeat(seat(3));
    expect(store.chooseTicket({ prsntId: 7, sectionId: 3, XCoordinate: 1, YCoordinate: 2 }, 14)).toMatchObject({
      ok: true,
    });
    expect(useCartStore.getState().seats.map((s) => [s.ticketId, s.isMultiplyFactorSubTicket, s.amount])).toEqual([
      [14, false, 74],
      [14, true, 0],
      [11, false, 42],
    ]);

    const coupon = {
      id: 99,
      ticketGroupId: 1,
      name: 'קופון',
      nameEn: 'Coupon',
      price: 37.8,
      oldPrice: 42,
      serviceCharge: 3,
      pricePolicyId: 1,
      multiplyFactor: 1,
      code: 'HOTLINE10',
      isVoucher: false,
    };
    expect(useCartStore.getState().applyCodedTicket(7, coupon, 5)).toBe(1); // only the seat on a plain ticket
    expect(useCartStore.getState().ticketCodes).toEqual(['HOTLINE10']);
    expect(useCartStore.getState().seats[2]).toMatchObject({
      ticketId: 99,
      previousTicketId: 11,
      code: 'HOTLINE10',
      amount: 37.8,
    });
    useCartStore.getState().removeCode('hotline10');
    expect(useCartStore.getState().seats[2]).toMatchObject({ ticketId: 11, code: null, amount: 42 });
    expect(useCartStore.getState().ticketCodes).toEqual([]);
  });

  test('a restore during which the page added seats keeps them', () => {
    useCartStore.getState().addSeat(seat(9));
    const restored: RestoreCartResponse = {
      cart: {
        seats: [
          {
            prsntId: 7,
            ticketGroupId: 1,
            sectionId: 3,
            ticketId: 11,
            amount: 42,
            serviceCharge: 3,
            XCoordinate: 1,
            YCoordinate: 2,
          },
        ],
        products: [{ id: 4, quantity: 2 }],
      },
      cartIdentifier: '3f0c1f6e-2b1a-4c55-9f4e-0c1e2d3a4b5c',
      resId: 'abcdefgh12',
      status: 'open',
      reservationIdentifier: null,
    };
    useCartStore.getState().restore(restored, { keepSeats: true });
    const s = useCartStore.getState();
    expect(s.seats.map((x) => x.XCoordinate)).toEqual([1, 9]);
    expect(s.products).toEqual([{ id: 4, quantity: 2 }]);
    expect([s.resId, s.cartIdentifier]).toEqual(['abcdefgh12', '3f0c1f6e-2b1a-4c55-9f4e-0c1e2d3a4b5c']);
  });
});

describe('cart store: one single-event video-on-demand show at a time', () => {
  const ready = (venueTypeId: number) => ({
    status: 'ready' as const,
    groups,
    serviceCharge: { name: 'x', amountPerOrder: null, percentRatePerOrder: null },
    presentation: { venueTypeId } as never,
  });
  const at = (prsntId: number, x: number): CartSeat => ({ ...seat(x), prsntId });
  const flush = () => new Promise((r) => setTimeout(r, 0));

  test('choosing a 101 show removes the other shows; a physical show then removes the 101 show', async () => {
    useBookingCatalogue.setState({ entries: { 7: ready(1), 8: ready(1), 9: ready(101) } });
    const store = useCartStore.getState();
    store.addSeat(at(7, 1));
    store.addSeat(at(8, 1));
    await flush();
    expect(new Set(useCartStore.getState().seats.map((s) => s.prsntId))).toEqual(new Set([7, 8]));
    store.addSeat(at(9, 1));
    await flush();
    expect(useCartStore.getState().seats.map((s) => s.prsntId)).toEqual([9]);
    store.addSeat(at(7, 2));
    await flush();
    expect(useCartStore.getState().seats.map((s) => s.prsntId)).toEqual([7]);
  });
});
