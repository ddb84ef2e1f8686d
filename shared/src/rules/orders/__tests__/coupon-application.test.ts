import { evaluateCoupon, type CouponApplication, type CouponState } from '../coupon-application';

const USED_UP: CouponApplication = {
  ok: false,
  code: 'COUPON_USED_UP',
  message: 'קוד קופון כבר שומש, אנא נסו קופון אחר.',
};
const NO_ELIGIBLE: CouponApplication = {
  ok: false,
  code: 'COUPON_NO_ELIGIBLE_TICKETS',
  message: 'לא נמצאו כרטיסים שניתן להחיל עליהם את הקופון.',
};
const needsMore = (missingTickets: number, message: string): CouponApplication => ({
  ok: false,
  code: 'COUPON_NEEDS_MORE_TICKETS',
  message,
  missingTickets,
});

describe('evaluateCoupon', () => {
  it.each<[string, CouponState, CouponApplication]>([
    // plain one-seat coupons
    ['fresh code, one seat', { balance: 1, usageCount: 0, eligibleSeatCount: 1 }, { ok: true, seatsToApply: 1 }],
    ['balance limits the seats', { balance: 2, usageCount: 0, eligibleSeatCount: 5 }, { ok: true, seatsToApply: 2 }],
    ['partly used', { balance: 5, usageCount: 3, eligibleSeatCount: 5 }, { ok: true, seatsToApply: 2 }],
    ['unlimited code', { balance: null, usageCount: 500, eligibleSeatCount: 4 }, { ok: true, seatsToApply: 4 }],
    [
      'factor 0 means one seat',
      { multiplyFactor: 0, balance: 1, usageCount: 0, eligibleSeatCount: 1 },
      { ok: true, seatsToApply: 1 },
    ],
    // used up: usage count reaches balance x multiply factor
    ['used up', { balance: 1, usageCount: 1, eligibleSeatCount: 3 }, USED_UP],
    ['over-used', { balance: 1, usageCount: 4, eligibleSeatCount: 3 }, USED_UP],
    ['zero balance', { balance: 0, usageCount: 0, eligibleSeatCount: 3 }, USED_UP],
    ['2-for-1 used up', { multiplyFactor: 2, balance: 3, usageCount: 6, eligibleSeatCount: 2 }, USED_UP],
    ['used up beats no eligible tickets', { balance: 1, usageCount: 1, eligibleSeatCount: 0 }, USED_UP],
    ['less than one use left', { multiplyFactor: 2, balance: 1, usageCount: 1, eligibleSeatCount: 2 }, USED_UP],
    // no eligible tickets
    ['nothing eligible', { balance: 3, usageCount: 0, eligibleSeatCount: 0 }, NO_ELIGIBLE],
    [
      'nothing eligible for a 2-for-1',
      { multiplyFactor: 2, balance: 3, usageCount: 0, eligibleSeatCount: 0 },
      NO_ELIGIBLE,
    ],
    // needs more tickets
    [
      '2-for-1 with one seat',
      { multiplyFactor: 2, balance: 1, usageCount: 0, eligibleSeatCount: 1 },
      needsMore(1, 'למימוש הקופון יש להוסיף כרטיס נוסף.'),
    ],
    [
      'family of 4 with one seat',
      { multiplyFactor: 4, balance: 1, usageCount: 0, eligibleSeatCount: 1 },
      needsMore(3, 'למימוש הקופון יש להוסיף 3 כרטיסים נוספים.'),
    ],
    // whole uses only
    [
      '2-for-1 on two seats',
      { multiplyFactor: 2, balance: 1, usageCount: 0, eligibleSeatCount: 2 },
      { ok: true, seatsToApply: 2 },
    ],
    [
      '2-for-1 on three seats',
      { multiplyFactor: 2, balance: 5, usageCount: 0, eligibleSeatCount: 3 },
      { ok: true, seatsToApply: 2 },
    ],
    [
      '2-for-1 limited by balance',
      { multiplyFactor: 2, balance: 2, usageCount: 2, eligibleSeatCount: 6 },
      { ok: true, seatsToApply: 2 },
    ],
    [
      '2-for-1 with an odd leftover balance',
      { multiplyFactor: 2, balance: 2, usageCount: 1, eligibleSeatCount: 6 },
      { ok: true, seatsToApply: 2 },
    ],
  ])('%s', (_label, coupon, expected) => {
    expect(evaluateCoupon(coupon)).toEqual(expected);
  });

  it.each<[string, CouponState, string]>([
    [
      'en, one more',
      { multiplyFactor: 2, balance: 1, usageCount: 0, eligibleSeatCount: 1 },
      'Add one more ticket to use this coupon.',
    ],
    [
      'en, used up',
      { balance: 1, usageCount: 1, eligibleSeatCount: 1 },
      'This coupon code has already been used, please try another coupon.',
    ],
    [
      'en, none eligible',
      { balance: 1, usageCount: 0, eligibleSeatCount: 0 },
      'No tickets were found that this coupon can be applied to.',
    ],
  ])('speaks the visitor’s language: %s', (_label, coupon, message) => {
    const result = evaluateCoupon(coupon, 'en');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(message);
  });

  it.each<[string, CouponState, string]>([
    ['negative usage', { balance: 1, usageCount: -1, eligibleSeatCount: 1 }, 'usageCount must not be negative'],
    ['fractional balance', { balance: 1.5, usageCount: 0, eligibleSeatCount: 1 }, 'balance must be a safe integer'],
    [
      'NaN eligible',
      { balance: 1, usageCount: 0, eligibleSeatCount: NaN },
      'eligibleSeatCount must be a finite number',
    ],
    [
      'fractional factor',
      { multiplyFactor: 1.5, balance: 1, usageCount: 0, eligibleSeatCount: 1 },
      'multiplyFactor must be a safe integer',
    ],
  ])('rejects %s', (_label, coupon, message) => {
    expect(() => evaluateCoupon(coupon)).toThrow(message);
  });
});
