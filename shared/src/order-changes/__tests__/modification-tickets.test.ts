import { parseModifiedTicketIds, ticketGroupsForModification } from '../modification-tickets';

const t = (id: number, price: number, serviceCharge = 5) => ({ id, price, serviceCharge });
const groups = [
  { id: 1, tickets: [t(10, 50), t(11, 50), t(12, 40), t(13, 50, 0)], voucherTickets: [t(19, 0)] },
  { id: 2, tickets: [t(20, 80), t(21, 50)], voucherTickets: [] },
];

describe('ticketGroupsForModification', () => {
  it.each<[string, number[], { id: number; tickets: number[] }[]]>([
    ['a ticket: its group, same price and charge only', [10], [{ id: 1, tickets: [10, 11] }]],
    ['the cheaper ticket of the group', [12], [{ id: 1, tickets: [12] }]],
    ['same price, other service charge is another price', [13], [{ id: 1, tickets: [13] }]],
    [
      'tickets of two groups',
      [12, 20],
      [
        { id: 1, tickets: [12] },
        { id: 2, tickets: [20] },
      ],
    ],
    ['the same price in another group is not offered', [21], [{ id: 2, tickets: [21] }]],
    ['a ticket of no group here: nothing', [99], []],
    ['a voucher ticket is not a ticket to change', [19], []],
  ])('%s', (_label, ids, expected) => {
    const out = ticketGroupsForModification(groups, ids);
    expect(out.map((g) => ({ id: g.id, tickets: g.tickets.map((x) => x.id) }))).toEqual(expected);
    for (const g of out) expect(g.voucherTickets).toEqual([]);
  });
});

describe('parseModifiedTicketIds', () => {
  it.each<[string, number[] | null]>([
    ['12', [12]],
    ['12,15', [12, 15]],
    ['', null],
    ['12,', null],
    ['a,b', null],
    ['1;2', null],
    ['-1', null],
  ])('%p -> %p', (value, expected) => {
    expect(parseModifiedTicketIds(value)).toEqual(expected);
  });
});
