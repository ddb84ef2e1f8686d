import { couponTermsRefusal, type CouponTerms } from '../coupon-terms';

const open: CouponTerms = { active: true, validFrom: null, validUntil: null, channels: null, perOrder: null };
const at = (iso: string) => new Date(iso);
const now = at('2027-03-10T12:00:00Z');

describe('couponTermsRefusal', () => {
  it.each<
    [
      string,
      Partial<CouponTerms>,
      { channel?: 'web' | 'box-office' | 'mini-site' | 'partner'; seats?: number },
      string | null,
    ]
  >([
    ['no terms: accepted', {}, {}, null],
    ['switched off', { active: false }, {}, 'COUPON_INACTIVE'],
    [
      'switched off says so before its window',
      { active: false, validUntil: at('2027-01-01T00:00Z') },
      {},
      'COUPON_INACTIVE',
    ],
    ['before its window', { validFrom: at('2027-03-10T12:00:01Z') }, {}, 'COUPON_NOT_YET_VALID'],
    ['from is inclusive', { validFrom: now }, {}, null],
    ['until is exclusive', { validUntil: now }, {}, 'COUPON_EXPIRED'],
    ['a second before until', { validUntil: at('2027-03-10T12:00:01Z') }, {}, null],
    ['inside its window', { validFrom: at('2027-03-01T00:00Z'), validUntil: at('2027-04-01T00:00Z') }, {}, null],
    ['box office only, on the storefront', { channels: ['box-office'] }, { channel: 'web' }, 'COUPON_NOT_IN_CHANNEL'],
    ['box office only, at the box office', { channels: ['box-office'] }, { channel: 'box-office' }, null],
    ['no channel named: nowhere', { channels: [] }, { channel: 'web' }, 'COUPON_NOT_IN_CHANNEL'],
    ['two per order, two seats', { perOrder: 2 }, { seats: 2 }, null],
    ['two per order, three seats', { perOrder: 2 }, { seats: 3 }, 'COUPON_PER_ORDER_EXCEEDED'],
  ])('%s', (_name, terms, use, expected) => {
    expect(
      couponTermsRefusal({ ...open, ...terms }, { now, channel: use.channel ?? 'web', seats: use.seats ?? 1 }),
    ).toBe(expected);
  });
});
