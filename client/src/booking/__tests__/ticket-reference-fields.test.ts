import type { ApiTicket } from '@hotline/shared';
import { seatFromWire, wireSeat, type CartSeat } from '../cart-logic';
import { missingReference } from '../TicketReferenceFields';

const seat = (extra: Partial<CartSeat> = {}): CartSeat => ({
  prsntId: 1,
  ticketGroupId: 2,
  sectionId: 3,
  ticketId: 9,
  amount: 50,
  serviceCharge: 0,
  XCoordinate: 4,
  YCoordinate: 5,
  ...extra,
});

const ticket = (extra: Partial<ApiTicket> = {}): ApiTicket => ({
  id: 9,
  ticketGroupId: 2,
  name: 'עובדי עירייה',
  nameEn: 'Municipal staff',
  price: 50,
  oldPrice: null,
  serviceCharge: 0,
  pricePolicyId: 7,
  multiplyFactor: 1,
  code: null,
  ...extra,
});

describe('ticket prompts on the storefront', () => {
  it.each([
    ['no prompt', seat(), ticket(), false],
    ['unknown ticket', seat(), undefined, false],
    ['prompt, no value', seat(), ticket({ ref1prompt: 'מספר עובד' }), true],
    ['prompt, blank value', seat({ ref1: '  ' }), ticket({ ref1prompt: 'מספר עובד' }), true],
    ['prompt, value', seat({ ref1: 'EMP-1' }), ticket({ ref1prompt: 'מספר עובד' }), false],
    ['two prompts, one value', seat({ ref1: 'FAN-1' }), ticket({ ref1prompt: 'a', ref2prompt: 'b' }), true],
    [
      'two prompts, two values',
      seat({ ref1: 'FAN-1', ref2: 'TLV' }),
      ticket({ ref1prompt: 'a', ref2prompt: 'b' }),
      false,
    ],
    ['couple sub-ticket', seat({ isMultiplyFactorSubTicket: true }), ticket({ ref1prompt: 'a' }), false],
  ] as const)('%s -> missing %p', (_name, s, t, expected) => {
    expect(missingReference(s, t)).toBe(expected);
  });

  it('the cart sends ref1/ref2 trimmed, only when typed, and restores them', () => {
    expect(wireSeat(seat())).not.toHaveProperty('ref1');
    const wire = wireSeat(seat({ ref1: ' EMP-1 ', ref2: '' }))!;
    expect(wire.ref1).toBe('EMP-1');
    expect(wire).not.toHaveProperty('ref2');
    expect(seatFromWire(wire).ref1).toBe('EMP-1');
  });
});
