import { allocateVouchers } from '../voucher-allocation';

const NO_BALANCE_HE = 'לא נותרה יתרה למימוש הטבה';

describe('allocateVouchers', () => {
  it.each<[string, number, { id: number; balanceAgorot: number }[], number[], number, boolean[]]>([
    ['no vouchers', 9000, [], [], 9000, []],
    ['one voucher smaller than the order', 9000, [{ id: 1, balanceAgorot: 5000 }], [5000], 4000, [false]],
    ['one voucher larger than the order', 9000, [{ id: 1, balanceAgorot: 20000 }], [9000], 0, [false]],
    [
      'in order: the second pays the rest, the third nothing',
      9000,
      [
        { id: 1, balanceAgorot: 5000 },
        { id: 2, balanceAgorot: 6000 },
        { id: 3, balanceAgorot: 1000 },
      ],
      [5000, 4000, 0],
      0,
      [false, false, true],
    ],
    ['an empty voucher pays nothing', 9000, [{ id: 1, balanceAgorot: 0 }], [0], 9000, [true]],
  ])('%s', (_name, due, vouchers, amounts, balanceDue, refused) => {
    const r = allocateVouchers(
      due,
      vouchers.map((v) => ({ ...v, ref: v.id })),
    );
    expect(r.allocations.map((a) => a.amountAgorot)).toEqual(amounts);
    expect(r.allocations.map((a) => a.refusal !== null)).toEqual(refused);
    expect(r.balanceDueAgorot).toBe(balanceDue);
    expect(r.vouchersAgorot).toBe(due - balanceDue);
  });

  it('says why in the reader language (spec text in Hebrew by default)', () => {
    expect(allocateVouchers(0, [{ id: 1, ref: 1, balanceAgorot: 100 }]).allocations[0]!.refusal).toEqual({
      code: 'VOUCHER_NO_BALANCE',
      message: NO_BALANCE_HE,
    });
  });

  it('refuses a voucher listed twice', () => {
    expect(() =>
      allocateVouchers(100, [
        { id: 1, ref: 1, balanceAgorot: 10 },
        { id: 1, ref: 1, balanceAgorot: 10 },
      ]),
    ).toThrow(RangeError);
  });
});
