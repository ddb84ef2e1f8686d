import { defaultTicket, isBaseTicket, type MultipliableTicket } from '../default-ticket';

type Ticket = MultipliableTicket & { id: number };

describe('isBaseTicket', () => {
  it.each<[MultipliableTicket, boolean]>([
    [{ multiplyFactor: 1 }, true],
    [{ multiplyFactor: 0 }, true],
    [{ multiplyFactor: 0.5 }, true],
    [{ multiplyFactor: null }, true],
    [{}, true],
    [{ multiplyFactor: 2 }, false],
    [{ multiplyFactor: 1.5 }, false],
  ])('%j -> %p', (ticket, expected) => {
    expect(isBaseTicket(ticket)).toBe(expected);
  });

  it.each([NaN, Infinity])('rejects multiplyFactor %p', (multiplyFactor) => {
    expect(() => isBaseTicket({ multiplyFactor })).toThrow(RangeError);
  });
});

describe('defaultTicket', () => {
  it.each<[string, Ticket[], number | undefined]>([
    ['no tickets', [], undefined],
    [
      'first ticket is base',
      [
        { id: 1, multiplyFactor: 1 },
        { id: 2, multiplyFactor: 1 },
      ],
      1,
    ],
    [
      'skips multi-seat tickets',
      [
        { id: 1, multiplyFactor: 2 },
        { id: 2, multiplyFactor: 4 },
        { id: 3, multiplyFactor: 1 },
      ],
      3,
    ],
    ['missing factor counts as base', [{ id: 1, multiplyFactor: 2 }, { id: 2 }], 2],
    [
      'only multi-seat tickets',
      [
        { id: 1, multiplyFactor: 2 },
        { id: 2, multiplyFactor: 3 },
      ],
      undefined,
    ],
  ])('%s', (_label, tickets, expectedId) => {
    expect(defaultTicket(tickets)?.id).toBe(expectedId);
  });
});
