import { seatSwapRefusal, type SwappedTicket, type SwapTarget } from '../seat-swap';

const adult: SwappedTicket = { ticketGroupId: 7, priceAgorot: 5000, serviceChargeAgorot: 300 };

describe('seatSwapRefusal', () => {
  it.each<[string, SwapTarget, ReturnType<typeof seatSwapRefusal>]>([
    ['same group, same ticket', { seatTicketGroupId: 7, ticket: adult }, null],
    ['same group, another ticket of the same price', { seatTicketGroupId: 7, ticket: { ...adult } }, null],
    ['seat of another ticket group', { seatTicketGroupId: 8, ticket: adult }, 'DIFFERENT_TICKET_GROUP_OR_PRICE'],
    [
      'ticket of another group on a seat of the same group',
      { seatTicketGroupId: 7, ticket: { ...adult, ticketGroupId: 8 } },
      'DIFFERENT_TICKET_GROUP_OR_PRICE',
    ],
    [
      'cheaper ticket',
      { seatTicketGroupId: 7, ticket: { ...adult, priceAgorot: 4000 } },
      'DIFFERENT_TICKET_GROUP_OR_PRICE',
    ],
    [
      'dearer ticket',
      { seatTicketGroupId: 7, ticket: { ...adult, priceAgorot: 6000 } },
      'DIFFERENT_TICKET_GROUP_OR_PRICE',
    ],
    [
      'same price, other service charge',
      { seatTicketGroupId: 7, ticket: { ...adult, serviceChargeAgorot: 0 } },
      'DIFFERENT_TICKET_GROUP_OR_PRICE',
    ],
    ['seat not on sale', { seatTicketGroupId: 0, ticket: adult }, 'SEAT_NOT_AVAILABLE'],
  ])('%s', (_label, target, expected) => {
    expect(seatSwapRefusal(adult, target)).toBe(expected);
  });
});
