import { BookingError } from '../../src/cart/booking.errors';
import { priceOrder, type PricingInput, type PricingSeat } from '../../src/payment/pricing';
import { buildCalendar, escapeIcsText, foldIcsLine } from '../../src/reservations/calendar';
import { ticketQrText, verifyTicketQr } from '../../src/reservations/ticket-signature';
import type { TicketRow } from '../../src/tickets/tickets.repository';

/** The commit's repricing (pure): the server's sums with the shared rules, and what counts as a mismatch. */
const ticket = (over: Partial<TicketRow>): TicketRow => ({
  id: 1,
  ticketGroupId: 10,
  presentationId: 5,
  name: 'רגיל',
  nameEn: 'Regular',
  price: 4200,
  oldPrice: null,
  serviceCharge: 300,
  pricePolicyId: 1,
  code: null,
  multiplyFactor: 1,
  isVoucher: false,
  balance: null,
  isByCodeEnabled: true,
  ...over,
});
const TICKETS = new Map<number, TicketRow>([
  [1, ticket({})],
  [2, ticket({ id: 2, price: 7400, serviceCharge: 500, multiplyFactor: 2, name: 'זוגי' })],
  [3, ticket({ id: 3, price: 3780, code: 'HOTLINE10', balance: 200 })],
  [4, ticket({ id: 4, ticketGroupId: 11 })],
]);
const seat = (index: number, ticketId: number, clientAmount: number, clientServiceCharge: number): PricingSeat => ({
  index,
  presentationId: 5,
  sectionId: 1,
  x: index + 1,
  y: 1,
  ticketId,
  ticketGroupId: 10,
  clientAmount,
  clientServiceCharge,
});
const input = (over: Partial<PricingInput>): PricingInput => ({
  seats: [],
  tickets: TICKETS,
  ticketCodes: new Set(),
  products: [],
  globalServiceCharge: {},
  vouchers: [],
  ...over,
});
const refusal = (fn: () => unknown): { code: string; details?: Record<string, unknown> } => {
  try {
    fn();
  } catch (e) {
    if (e instanceof BookingError) return { code: e.code, details: e.details };
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('priceOrder', () => {
  test('tickets, service charges, products, handling fee (percent of tickets + products)', () => {
    const r = priceOrder(
      input({
        seats: [seat(0, 1, 4200, 300), seat(1, 1, 4200, 300)],
        products: [{ index: 0, id: 1, quantity: 2, price: 2800 }],
        globalServiceCharge: { percentRatePerOrder: 5 },
        clientTotal: 8400 + 600 + 5600 + 700,
      }),
    );
    expect(r.totals).toEqual({
      subtotal: 14000,
      serviceCharges: 600,
      discounts: 0,
      globalServiceCharge: 700,
      total: 15300,
      vouchers: 0,
      balanceDue: 15300,
    });
    expect(r.globalServiceChargeName).toBe('handling fee');
  });

  test('a couple ticket is charged once per two seats, on the first', () => {
    const r = priceOrder(input({ seats: [seat(0, 2, 7400, 500), seat(1, 2, 0, 0)] }));
    expect(r.lines.map((l) => [l.amount, l.serviceCharge, l.isSubTicket])).toEqual([
      [7400, 500, false],
      [0, 0, true],
    ]);
    expect(r.totals.total).toBe(7900);
    // Half a couple ticket is not an order.
    expect(refusal(() => priceOrder(input({ seats: [seat(0, 2, 7400, 500)] }))).code).toBe('CART_INVALID');
    // Charging the sub-ticket seat too is the client's mistake, not ours to accept.
    expect(refusal(() => priceOrder(input({ seats: [seat(0, 2, 7400, 500), seat(1, 2, 7400, 500)] }))).code).toBe(
      'PRICE_MISMATCH',
    );
  });

  test('vouchers pay in the order given, min(due, balance); the card pays the rest', () => {
    const r = priceOrder(
      input({
        seats: [seat(0, 1, 4200, 300), seat(1, 1, 4200, 300)],
        vouchers: [
          { index: 0, id: 7, reference: 'A', balance: 3000, clientAmount: 3000 },
          { index: 1, id: 8, reference: 'B', balance: 10_000, clientAmount: 6000 },
        ],
      }),
    );
    expect(r.voucherPayments).toEqual([
      { id: 7, reference: 'A', amount: 3000 },
      { id: 8, reference: 'B', amount: 6000 },
    ]);
    expect(r.totals).toMatchObject({ total: 9000, vouchers: 9000, balanceDue: 0 });
    // A voucher with nothing left to pay is 'לא נותרה יתרה למימוש הטבה'.
    expect(
      refusal(() =>
        priceOrder(
          input({
            seats: [seat(0, 1, 4200, 300)],
            vouchers: [
              { index: 0, id: 7, reference: 'A', balance: 10_000, clientAmount: 4500 },
              { index: 1, id: 8, reference: 'B', balance: 100, clientAmount: 0 },
            ],
          }),
        ),
      ),
    ).toMatchObject({ code: 'VOUCHER_NO_BALANCE', details: { voucher: 'B' } });
  });

  test.each<[string, Partial<PricingInput>]>([
    ['seat amount', { seats: [seat(0, 1, 100, 300)] }],
    ['service charge', { seats: [seat(0, 1, 4200, 0)] }],
    ['total', { seats: [seat(0, 1, 4200, 300)], clientTotal: 4400 }],
    [
      'handling fee',
      {
        seats: [seat(0, 1, 4200, 300)],
        globalServiceCharge: { amountPerOrder: 500 },
        clientGlobalServiceCharge: { amountPerOrder: 300, percentRatePerOrder: null },
      },
    ],
    [
      'voucher amount',
      {
        seats: [seat(0, 1, 4200, 300)],
        vouchers: [{ index: 0, id: 1, reference: 'A', balance: 10_000, clientAmount: 4000 }],
      },
    ],
  ])('a client %s that differs is PRICE_MISMATCH, naming it', (_what, over) => {
    const r = refusal(() => priceOrder(input(over)));
    expect(r.code).toBe('PRICE_MISMATCH');
    expect((r.details!.mismatches as string[]).length).toBe(1);
  });

  test('coded tickets need their code; counted per ticket', () => {
    expect(refusal(() => priceOrder(input({ seats: [seat(0, 3, 3780, 300)] }))).code).toBe('TICKET_CODE_NOT_FOUND');
    const r = priceOrder(
      input({ seats: [seat(0, 3, 3780, 300), seat(1, 3, 3780, 300)], ticketCodes: new Set(['hotline10']) }),
    );
    expect([...r.codedUse]).toEqual([[3, 2]]);
  });

  test('a ticket of another ticket group, an unknown product or the same seat twice is CART_INVALID', () => {
    expect(refusal(() => priceOrder(input({ seats: [seat(0, 4, 4200, 300)] }))).code).toBe('CART_INVALID');
    expect(refusal(() => priceOrder(input({ seats: [seat(0, 99, 4200, 300)] }))).code).toBe('CART_INVALID');
    expect(
      refusal(() =>
        priceOrder(
          input({ seats: [seat(0, 1, 4200, 300)], products: [{ index: 0, id: 9, quantity: 1, price: undefined }] }),
        ),
      ).code,
    ).toBe('CART_INVALID');
    expect(
      refusal(() => priceOrder(input({ seats: [seat(0, 1, 4200, 300), { ...seat(0, 1, 4200, 300), index: 1 }] }))).code,
    ).toBe('CART_INVALID');
  });
});

describe('e-ticket helpers', () => {
  test('QR text is signed: the key verifies it, a changed identifier or another key does not', () => {
    const text = ticketQrText('k'.repeat(32), 'TABC123');
    expect(text).toMatch(/^HLT1\.TABC123\.[A-Za-z0-9_-]{22}$/);
    expect(verifyTicketQr('k'.repeat(32), text)).toBe('TABC123');
    expect(verifyTicketQr('k'.repeat(32), text.replace('TABC123', 'TABC124'))).toBeNull();
    expect(verifyTicketQr('x'.repeat(32), text)).toBeNull();
    expect(verifyTicketQr('k'.repeat(32), 'garbage')).toBeNull();
  });

  test('.ics: escaped text, UTC times, CRLF, lines folded at 75 octets without splitting a Hebrew letter', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'הדיבוק '.repeat(20)}`;
    const folded = foldIcsLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i === 0 ? l : l.slice(1)))
        .join(''),
    ).toBe(long);
    const ics = buildCalendar(
      [
        {
          uid: 'HL1-5@hotline',
          start: new Date('2026-03-27T18:00:00Z'),
          end: new Date('2026-03-27T20:20:00Z'),
          summary: 'הדיבוק',
          location: 'תיאטרון, תל אביב',
          description: 'הזמנה HL1',
        },
      ],
      new Date('2026-03-01T10:00:00.123Z'),
    );
    expect(ics).toContain('DTSTART:20260327T180000Z\r\nDTEND:20260327T202000Z\r\n');
    expect(ics).toContain('DTSTAMP:20260301T100000Z');
    expect(ics).toContain('LOCATION:תיאטרון\\, תל אביב');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
