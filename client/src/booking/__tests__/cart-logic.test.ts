import type { ApiTicket, ApiTicketGroup } from '@hotline/shared';
import {
  applyCodedTicket,
  cartTotals,
  chooseTicket,
  codedTicketsFromWire,
  codesInUse,
  canAddVoucher,
  incompleteUnits,
  normaliseSeats,
  removeCodedTicket,
  seatFromWire,
  toWireCart,
  wireSeat,
  type CartSeat,
  type PricingLookup,
  type TicketInfo,
} from '../cart-logic';

const ticket = (id: number, price: number, extra: Partial<ApiTicket> = {}): ApiTicket => ({
  id,
  ticketGroupId: 10,
  name: `כרטיס ${id}`,
  nameEn: `Ticket ${id}`,
  price,
  oldPrice: null,
  serviceCharge: 3,
  pricePolicyId: 1,
  code: null,
  multiplyFactor: 1,
  ...extra,
});

// Group 10 (zone 7): a couple ticket listed FIRST, then regular, student (old price 42), and a coded ticket that is never offered.
const group10: ApiTicketGroup = {
  id: 10,
  name: 'אולם',
  nameEn: 'Hall',
  color: '#123456',
  zoneId: 7,
  isByCodeEnabled: true,
  voucherTickets: [],
  tickets: [
    ticket(100, 74, { multiplyFactor: 2, serviceCharge: 5 }),
    ticket(101, 42),
    ticket(102, 33.6, { oldPrice: 42 }),
    ticket(109, 30, { code: 'SECRET' }),
  ],
};
// Group 20 offers nothing a seat could get.
const group20: ApiTicketGroup = {
  id: 20,
  name: 'ריק',
  nameEn: 'Empty',
  color: '#000',
  zoneId: 8,
  isByCodeEnabled: false,
  voucherTickets: [],
  tickets: [],
};

const pricing: PricingLookup = (id) =>
  id === 1
    ? {
        groups: [group10, group20],
        serviceCharge: { name: 'דמי טיפול', amountPerOrder: null, percentRatePerOrder: null },
      }
    : undefined;

const seat = (x: number, extra: Partial<CartSeat> = {}): CartSeat => ({
  prsntId: 1,
  ticketGroupId: 10,
  venueId: 2,
  seatplanId: 3,
  sectionId: 5,
  ticketId: null,
  amount: 0,
  serviceCharge: 0,
  pricePolicyId: null,
  allocationId: null,
  isMultiplyFactorSubTicket: false,
  code: null,
  XCoordinate: x,
  YCoordinate: 1,
  SeatplanX: 10,
  SeatplanY: 20,
  RowName: 'A',
  SeatName: String(x),
  ...extra,
});

const coupon: TicketInfo = {
  id: 200,
  ticketGroupId: 10,
  name: 'קופון',
  nameEn: '10% off',
  price: 37.8,
  oldPrice: 42,
  serviceCharge: 3,
  pricePolicyId: 1,
  multiplyFactor: 1,
  code: 'HOTLINE10',
  isVoucher: false,
};

const none = {};

describe('default ticket (spec section 4)', () => {
  test('a new seat gets the first ticket whose multiplyFactor is at most 1, with its price and service charge', () => {
    const { seats, withoutTicket } = normaliseSeats([seat(1)], pricing, none);
    expect(withoutTicket).toEqual([]);
    expect(seats[0]).toMatchObject({
      ticketId: 101,
      amount: 42,
      serviceCharge: 3,
      pricePolicyId: 1,
      isMultiplyFactorSubTicket: false,
      code: null,
    });
  });

  test('a seat the seat map sent with the plan zone id is moved to the group it prices', () => {
    const { seats } = normaliseSeats([seat(1, { ticketGroupId: 7 })], pricing, none);
    expect(seats[0]).toMatchObject({ ticketGroupId: 10, ticketId: 101 });
  });

  test('a ticket the group no longer has is replaced by the default; a coded ticket is never a default', () => {
    const { seats } = normaliseSeats([seat(1, { ticketId: 999 }), seat(2, { ticketId: 109 })], pricing, none);
    expect(seats.map((s) => s.ticketId)).toEqual([101, 101]);
  });

  test('seats whose group offers no ticket are handed back to be deselected', () => {
    const lonely = seat(9, { ticketGroupId: 20 });
    const { seats, withoutTicket } = normaliseSeats([seat(1), lonely], pricing, none);
    expect(seats).toHaveLength(1);
    expect(withoutTicket).toEqual([lonely]);
  });

  test('seats of presentations whose prices are not loaded are left alone', () => {
    const other = seat(1, { prsntId: 2, ticketId: null, amount: 12 });
    expect(normaliseSeats([other], pricing, none).seats[0]).toEqual(other);
  });
});

describe('multiply-factor tickets', () => {
  const three = normaliseSeats([seat(1), seat(2), seat(3)], pricing, none).seats;

  test('choosing a couple ticket takes a later seat with it; the second seat is a sub-ticket priced 0', () => {
    const r = chooseTicket(three, 0, 100, pricing, none);
    if (!r.ok) throw new Error('expected ok');
    const seats = normaliseSeats(r.seats, pricing, none).seats;
    expect(seats.map((s) => [s.ticketId, s.isMultiplyFactorSubTicket, s.amount, s.serviceCharge])).toEqual([
      [100, false, 74, 5],
      [100, true, 0, 0],
      [101, false, 42, 3],
    ]);
  });

  test('leaving a couple ticket sends the whole unit back to the default ticket', () => {
    const r1 = chooseTicket(three, 0, 100, pricing, none);
    if (!r1.ok) throw new Error('expected ok');
    const r2 = chooseTicket(normaliseSeats(r1.seats, pricing, none).seats, 1, 102, pricing, none);
    if (!r2.ok) throw new Error('expected ok');
    const seats = normaliseSeats(r2.seats, pricing, none).seats;
    expect(seats.map((s) => s.ticketId)).toEqual([101, 102, 101]);
    expect(seats.some((s) => s.isMultiplyFactorSubTicket)).toBe(false);
  });

  test('a couple ticket needs a second seat in the same group', () => {
    const one = normaliseSeats([seat(1)], pricing, none).seats;
    expect(chooseTicket(one, 0, 100, pricing, none)).toEqual({ ok: false, reason: 'NEEDS_MORE_SEATS', seatsNeeded: 2 });
  });

  test('an odd number of seats on a couple ticket is reported as incomplete', () => {
    const seats = normaliseSeats(
      [seat(1, { ticketId: 100 }), seat(2, { ticketId: 100 }), seat(3, { ticketId: 100 })],
      pricing,
      none,
    ).seats;
    expect(seats.map((s) => s.isMultiplyFactorSubTicket)).toEqual([false, true, false]);
    const totals = cartTotals({
      seats,
      products: [],
      vouchers: [],
      pricing,
      coded: none,
      productPrice: () => undefined,
      globalServiceCharge: null,
      locale: 'he',
    });
    expect(incompleteUnits(totals.seats).map((t) => t.id)).toEqual([100]);
  });
});

describe('coded tickets (coupon / voucher ticket)', () => {
  const base = normaliseSeats([seat(1), seat(2, { ticketId: 102 }), seat(3)], pricing, none).seats;

  test("applying replaces up to `quantity` seats' tickets and remembers the previous ones", () => {
    const coded = { [coupon.id]: coupon };
    const r = applyCodedTicket(base, 1, coupon, 2, pricing, coded);
    expect(r.applied).toBe(2);
    const seats = normaliseSeats(r.seats, pricing, coded).seats;
    expect(seats.map((s) => [s.ticketId, s.previousTicketId, s.code, s.amount])).toEqual([
      [200, 101, 'HOTLINE10', 37.8],
      [200, 102, 'HOTLINE10', 37.8],
      [101, null, null, 42],
    ]);
    expect(codesInUse(['HOTLINE10', 'OTHER'], seats)).toEqual(['HOTLINE10']);
  });

  test("removing the code restores each seat's previous ticket", () => {
    const coded = { [coupon.id]: coupon };
    const applied = normaliseSeats(applyCodedTicket(base, 1, coupon, 3, pricing, coded).seats, pricing, coded).seats;
    const removed = normaliseSeats(removeCodedTicket(applied, 'hotline10'), pricing, {}).seats;
    expect(removed.map((s) => [s.ticketId, s.code, s.previousTicketId, s.amount])).toEqual([
      [101, null, null, 42],
      [102, null, null, 33.6],
      [101, null, null, 42],
    ]);
  });

  test('seats of another group or presentation are not eligible', () => {
    const other = { ...coupon, ticketGroupId: 99 };
    expect(applyCodedTicket(base, 1, other, 5, pricing, { [other.id]: other }).applied).toBe(0);
    expect(applyCodedTicket(base, 2, coupon, 5, pricing, { [coupon.id]: coupon }).applied).toBe(0);
  });
});

describe('totals and discounts (agorot, shared rules)', () => {
  const coded = { [coupon.id]: coupon };
  const seats = normaliseSeats(
    applyCodedTicket(
      normaliseSeats([seat(1), seat(2, { ticketId: 102 })], pricing, none).seats,
      1,
      coupon,
      1,
      pricing,
      coded,
    ).seats,
    pricing,
    coded,
  ).seats;
  const input = {
    seats,
    products: [
      { id: 1, quantity: 3 },
      { id: 2, quantity: 0 },
    ],
    vouchers: [],
    pricing,
    coded,
    productPrice: (id: number) => (id === 1 ? 33.3 : 14),
    globalServiceCharge: { name: 'handling fee', amountPerOrder: null, percentRatePerOrder: 5 },
    locale: 'he' as const,
  };

  test('discount shown = first-ticket price (or old price) − actual price', () => {
    const t = cartTotals(input);
    // seat 1: coupon 37.80 vs first ticket 42.00 -> 4.20; seat 2: student 33.60 vs 42.00 -> 8.40
    expect(t.seats.map((l) => l.discountAgorot)).toEqual([420, 840]);
    expect(t.savingsAgorot).toBe(1260);
  });

  test("a child's ticket (priced for an age band) is no saving against the adult one", () => {
    const family: ApiTicketGroup = {
      ...group10,
      tickets: [ticket(101, 42), ticket(103, 25, { minAge: 6, maxAge: 12 })],
    };
    const t = cartTotals({
      ...input,
      seats: [seat(1, { ticketId: 101, amount: 42 }), seat(2, { ticketId: 103, amount: 25 })],
      products: [],
      pricing: (id) => (id === 1 ? { groups: [family] } : undefined),
    });
    expect(t.seats.map((l) => l.discountAgorot)).toEqual([0, 0]);
    expect(t.savingsAgorot).toBe(0);
  });

  test('tickets, service charges, products and a percent handling fee add up exactly', () => {
    const t = cartTotals(input);
    expect(t.ticketsAgorot).toBe(3780 + 3360);
    expect(t.productsAgorot).toBe(9990); // 3 × 33.30, no float drift
    expect(t.serviceChargesAgorot).toBe(600);
    // 5% of the subtotal (tickets + products) = 5% of 17130 = 856.5 -> 857 (half away from zero)
    expect(t.globalServiceChargeAgorot).toBe(857);
    expect(t.totalAgorot).toBe(7140 + 9990 + 600 + 857);
    expect(t.balanceDueAgorot).toBe(t.totalAgorot);
  });

  test('vouchers: each pays min(balance due, its balance); one with nothing left to pay gets the spec message', () => {
    const t = cartTotals({
      ...input,
      vouchers: [
        { id: 1, code: 'GIFT-100', balance: 100 },
        { id: 2, code: 'GIFT-250', balance: 250 },
        { id: 3, code: 'GIFT-30', balance: 30 },
      ],
    });
    expect(t.totalAgorot).toBe(18587);
    expect(t.vouchers.map((v) => [v.code, v.amountAgorot, v.message])).toEqual([
      ['GIFT-100', 10000, null],
      ['GIFT-250', 8587, null],
      ['GIFT-30', 0, 'לא נותרה יתרה למימוש הטבה'],
    ]);
    expect(t.vouchersAgorot).toBe(18587);
    expect(t.balanceDueAgorot).toBe(0);
  });

  test("adding a voucher when nothing is due, or an empty voucher, is refused in the reader's language", () => {
    expect(canAddVoucher(0, 100, 'he')).toEqual({
      ok: false,
      code: 'VOUCHER_NO_BALANCE',
      message: 'לא נותרה יתרה למימוש הטבה',
    });
    expect(canAddVoucher(5000, 0, 'en')).toMatchObject({
      ok: false,
      message: 'No balance left to redeem this benefit',
    });
    expect(canAddVoucher(5000, 30, 'he')).toEqual({ ok: true, amountAgorot: 3000 });
    expect(canAddVoucher(2000, 30, 'he')).toEqual({ ok: true, amountAgorot: 2000 });
  });

  test('a fixed handling fee is per order', () => {
    const t = cartTotals({
      ...input,
      products: [],
      globalServiceCharge: { name: 'x', amountPerOrder: 7.5, percentRatePerOrder: null },
    });
    expect(t.globalServiceChargeAgorot).toBe(750);
  });
});

describe('the wire cart', () => {
  test('shekels with 2 decimals, numbers where the API wants numbers, only vouchers that pay, and the shown total', () => {
    const seats = normaliseSeats([seat(1), seat(2, { venueId: null, seatplanId: undefined })], pricing, none).seats;
    const totals = cartTotals({
      seats,
      products: [{ id: 1, quantity: 2 }],
      vouchers: [
        { id: 5, code: 'GIFT-30', balance: 30 },
        { id: 6, code: 'GIFT-1', balance: 1 },
      ],
      pricing,
      coded: none,
      productPrice: () => 14,
      globalServiceCharge: null,
      locale: 'en',
    });
    const cart = toWireCart({
      seats,
      products: [
        { id: 1, quantity: 2 },
        { id: 3, quantity: 0 },
      ],
      totals,
      ticketCodes: [],
      codedTickets: { [coupon.id]: coupon },
      customerInfo: null,
      numberOfPayments: 3,
      globalServiceCharge: null,
      cartIdentifier: null,
    });
    expect(cart.seats[0]).toMatchObject({
      prsntId: 1,
      ticketGroupId: 10,
      ticketId: 101,
      amount: 42,
      serviceCharge: 3,
      pricePolicyId: 1,
      venueId: 2,
      seatplanId: 3,
    });
    expect(cart.seats[1]).not.toHaveProperty('venueId');
    expect(cart.products).toEqual([{ id: 1, quantity: 2 }]);
    expect(cart.total).toBe(42 + 42 + 6 + 28);
    expect(cart.voucherPayments).toEqual([
      { id: 5, code: 'GIFT-30', amount: 30, balance: 30, systemVoucher: true },
      { id: 6, code: 'GIFT-1', amount: 1, balance: 1, systemVoucher: true },
    ]);
    expect(cart.numberOfPayments).toBe(3);
    expect(codedTicketsFromWire(cart.ticketGroups)).toEqual({ [coupon.id]: coupon });
  });

  test('a seat without a ticket is not sent, and a wire seat comes back as the same client seat', () => {
    expect(wireSeat(seat(1))).toBeNull();
    const s = normaliseSeats([seat(4)], pricing, none).seats[0]!;
    expect(seatFromWire(wireSeat(s)!)).toEqual({ ...s, previousTicketId: null });
  });
});
