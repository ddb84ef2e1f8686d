import { markMultiplyFactorSubTickets, type SeatWithTicket } from '../multiply-factor-sub-tickets';

const BASE = { id: 1, multiplyFactor: 1 };
const COUPLE = { id: 2, multiplyFactor: 2 };
const FAMILY = { id: 3, multiplyFactor: 4 };

describe('markMultiplyFactorSubTickets', () => {
  it.each<[string, SeatWithTicket[], boolean[]]>([
    ['no seats', [], []],
    ['base tickets are never sub-tickets', [{ ticket: BASE }, { ticket: BASE }], [false, false]],
    ['seats without a ticket', [{ ticket: null }, {}], [false, false]],
    ['one couple', [{ ticket: COUPLE }, { ticket: COUPLE }], [false, true]],
    [
      'two couples',
      [{ ticket: COUPLE }, { ticket: COUPLE }, { ticket: COUPLE }, { ticket: COUPLE }],
      [false, true, false, true],
    ],
    [
      'incomplete couple still has its first seat charged',
      [{ ticket: COUPLE }, { ticket: COUPLE }, { ticket: COUPLE }],
      [false, true, false],
    ],
    [
      'family of four',
      [{ ticket: FAMILY }, { ticket: FAMILY }, { ticket: FAMILY }, { ticket: FAMILY }, { ticket: FAMILY }],
      [false, true, true, true, false],
    ],
    [
      'groups are counted per ticket, interleaved',
      [{ ticket: COUPLE }, { ticket: BASE }, { ticket: FAMILY }, { ticket: COUPLE }, { ticket: FAMILY }],
      [false, false, false, true, true],
    ],
    [
      'groups are counted per presentation',
      [
        { presentationId: 10, ticket: COUPLE },
        { presentationId: 11, ticket: COUPLE },
        { presentationId: 10, ticket: COUPLE },
        { presentationId: 11, ticket: COUPLE },
      ],
      [false, false, true, true],
    ],
    ['absent factor is base', [{ ticket: { id: 9 } }, { ticket: { id: 9 } }], [false, false]],
  ])('%s', (_label, seats, expected) => {
    expect(markMultiplyFactorSubTickets(seats).map((seat) => seat.isMultiplyFactorSubTicket)).toEqual(expected);
  });

  it('keeps the other fields and leaves the input untouched', () => {
    const seats = [
      { x: 1, ticket: COUPLE },
      { x: 2, ticket: COUPLE },
    ];
    const marked = markMultiplyFactorSubTickets(seats);
    expect(marked[1]).toEqual({ x: 2, ticket: COUPLE, isMultiplyFactorSubTicket: true });
    expect(seats[1]).toEqual({ x: 2, ticket: COUPLE });
  });

  it.each([2.5, NaN])('rejects multiplyFactor %p', (multiplyFactor) => {
    expect(() => markMultiplyFactorSubTickets([{ ticket: { id: 1, multiplyFactor } }])).toThrow(
      'seats[0].ticket.multiplyFactor',
    );
  });
});
