import { ticketDiscount, type PricedTicket } from '../ticket-discount';

describe('ticketDiscount', () => {
  it.each<[string, PricedTicket, PricedTicket, number]>([
    ['same ticket', { price: 5000 }, { price: 5000 }, 0],
    ['cheaper ticket', { price: 5000 }, { price: 3500 }, 1500],
    ['free ticket', { price: 5000 }, { price: 0 }, 5000],
    ['old price wins when set', { price: 4000, oldPrice: 5000 }, { price: 3500 }, 1500],
    ['old price also applies to the first ticket itself', { price: 4000, oldPrice: 5000 }, { price: 4000 }, 1000],
    ['old price 0 means unset', { price: 4000, oldPrice: 0 }, { price: 3500 }, 500],
    ['old price null means unset', { price: 4000, oldPrice: null }, { price: 3500 }, 500],
    ['the actual ticket’s old price is irrelevant', { price: 4000 }, { price: 3500, oldPrice: 9000 }, 500],
    ['dearer ticket is no discount, not a negative one', { price: 4000 }, { price: 6000 }, 0],
    ['old price below price is still the reference', { price: 4000, oldPrice: 3000 }, { price: 3500 }, 0],
    ['a child’s ticket is not a saving against the adult one', { price: 25000 }, { price: 15000, forAgeBand: true }, 0],
    [
      'a child’s ticket on promotion saves against its own old price',
      { price: 25000 },
      { price: 15000, oldPrice: 18000, forAgeBand: true },
      3000,
    ],
  ])('%s', (_label, firstTicket, actual, expected) => {
    expect(ticketDiscount(firstTicket, actual)).toBe(expected);
  });

  it.each<[PricedTicket, PricedTicket, string]>([
    [{ price: 40.5 }, { price: 30 }, 'firstTicket.price must be a safe integer'],
    [{ price: 4000 }, { price: -1 }, 'actual.price must not be negative'],
    [{ price: 4000, oldPrice: -5 }, { price: 30 }, 'firstTicket.oldPrice must not be negative'],
    [{ price: NaN }, { price: 30 }, 'firstTicket.price must be a finite number'],
  ])('rejects %j vs %j', (firstTicket, actual, message) => {
    expect(() => ticketDiscount(firstTicket, actual)).toThrow(message);
  });
});
