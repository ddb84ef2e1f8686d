import { splitRefund, type PaidWith, type RefundPart } from '../refund-split';

const card: PaidWith = { paymentId: 'c', method: 'card', paidAgorot: 10000, refundedAgorot: 0 };
const voucher: PaidWith = { paymentId: 'v', method: 'voucher', paidAgorot: 3000, refundedAgorot: 0 };

describe('splitRefund', () => {
  it.each<[string, number, PaidWith[], boolean, RefundPart[]]>([
    ['nothing to refund', 0, [card], false, []],
    ['card only, partial', 4000, [card], false, [{ paymentId: 'c', kind: 'card', amountAgorot: 4000 }]],
    [
      'voucher re-credited first',
      2000,
      [card, voucher],
      false,
      [{ paymentId: 'v', kind: 'voucher', amountAgorot: 2000 }],
    ],
    [
      'voucher then card',
      5000,
      [card, voucher],
      false,
      [
        { paymentId: 'v', kind: 'voucher', amountAgorot: 3000 },
        { paymentId: 'c', kind: 'card', amountAgorot: 2000 },
      ],
    ],
    [
      'earlier refunds are taken into account',
      4000,
      [card, voucher].map((p) => ({ ...p, refundedAgorot: p.method === 'card' ? 6000 : 3000 })),
      false,
      [{ paymentId: 'c', kind: 'card', amountAgorot: 4000 }],
    ],
    ['store credit instead', 5000, [card, voucher], true, [{ paymentId: null, kind: 'credit', amountAgorot: 5000 }]],
  ])('%s', (_label, amount, paid, toCredit, expected) => {
    expect(splitRefund(amount, paid, toCredit)).toEqual(expected);
  });

  it('refuses to give back more than was paid', () => {
    expect(() => splitRefund(13001, [card, voucher], false)).toThrow(/exceeds/);
  });

  it('refuses fractional or negative amounts', () => {
    expect(() => splitRefund(-1, [card], false)).toThrow();
    expect(() => splitRefund(1.5, [card], false)).toThrow();
  });
});
