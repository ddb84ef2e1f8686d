import { swapTargetRefusal, type SwapTargetSeat } from '../swap-target';

const plain: SwapTargetSeat = { ticketGroupId: 7, sellable: true, reserved: true, together: false, own: false };

describe('swapTargetRefusal', () => {
  it.each<[string, SwapTargetSeat, ReturnType<typeof swapTargetRefusal>]>([
    ['a plain seat of the same ticket group', plain, null],
    ['a seat of another ticket group', { ...plain, ticketGroupId: 8 }, 'DIFFERENT_TICKET_GROUP_OR_PRICE'],
    ['one of the order’s own seats', { ...plain, own: true }, 'SWAP_TO_OWN_SEAT'],
    ['own wins over another group (it is simply yours)', { ...plain, own: true, ticketGroupId: 8 }, 'SWAP_TO_OWN_SEAT'],
    ['half of a couch', { ...plain, together: true }, 'SEAT_NOT_AVAILABLE'],
    ['a general-admission place', { ...plain, reserved: false }, 'SEAT_NOT_AVAILABLE'],
    ['a seat not on sale', { ...plain, sellable: false }, 'SEAT_NOT_AVAILABLE'],
    ['a seat no group prices', { ...plain, ticketGroupId: 0 }, 'SEAT_NOT_AVAILABLE'],
    ['not on sale beats another group', { ...plain, sellable: false, ticketGroupId: 8 }, 'SEAT_NOT_AVAILABLE'],
  ])('%s', (_label, seat, expected) => {
    expect(swapTargetRefusal(seat, 7)).toBe(expected);
  });
});
