import {
  applyVoucherPayment,
  applyVoucherPayments,
  type VoucherPaymentsResult,
  type VoucherToRedeem,
} from '../voucher-payment';
import { voucherNoBalanceMessage } from '../voucher-messages';
import type { SupportedLocale } from '../../locale/supported-locale';

const NO_BALANCE = { ok: false, code: 'VOUCHER_NO_BALANCE', message: 'לא נותרה יתרה למימוש הטבה' } as const;

describe('applyVoucherPayment', () => {
  it.each([
    [10000, 3000, { ok: true, amountAgorot: 3000 }], // voucher smaller than the order
    [3000, 10000, { ok: true, amountAgorot: 3000 }], // order smaller than the voucher
    [4500, 4500, { ok: true, amountAgorot: 4500 }],
    [1, 10000, { ok: true, amountAgorot: 1 }],
    [10000, 0, NO_BALANCE], // empty voucher
    [0, 10000, NO_BALANCE], // nothing left to pay
    [0, 0, NO_BALANCE],
    [10000, -500, NO_BALANCE], // overdrawn voucher
  ])('due %p, voucher %p', (due, balance, expected) => {
    expect(applyVoucherPayment(due, balance)).toEqual(expected);
  });

  it.each<[unknown, unknown, string]>([
    [100.5, 100, 'balanceDueAgorot must be a safe integer'],
    [100, NaN, 'voucherBalanceAgorot must be a finite number'],
    ['100', 100, 'balanceDueAgorot must be a number'],
  ])('rejects due %p, voucher %p', (due, balance, message) => {
    expect(() => applyVoucherPayment(due as number, balance as number)).toThrow(message);
  });
});

describe('voucherNoBalanceMessage', () => {
  it.each<[SupportedLocale, string]>([
    ['he', 'לא נותרה יתרה למימוש הטבה'],
    ['en', 'No balance left to redeem this benefit'],
    ['ru', 'Не осталось остатка для использования льготы'],
    ['ar', 'لم يتبقَّ رصيد لاستخدام الميزة'],
  ])('%s', (locale, expected) => {
    expect(voucherNoBalanceMessage(locale)).toBe(expected);
    expect(applyVoucherPayment(100, 0, locale)).toEqual({ ok: false, code: 'VOUCHER_NO_BALANCE', message: expected });
  });
});

describe('applyVoucherPayments', () => {
  it.each<[string, number, VoucherToRedeem[], VoucherPaymentsResult]>([
    ['no vouchers', 10000, [], { ok: true, payments: [], totalAgorot: 0, balanceDueAgorot: 10000 }],
    [
      'one partial voucher',
      10000,
      [{ id: 'A', balanceAgorot: 3000 }],
      { ok: true, payments: [{ id: 'A', amountAgorot: 3000 }], totalAgorot: 3000, balanceDueAgorot: 7000 },
    ],
    [
      'two vouchers, second covers the rest',
      10000,
      [
        { id: 'A', balanceAgorot: 3000 },
        { id: 'B', balanceAgorot: 50000 },
      ],
      {
        ok: true,
        payments: [
          { id: 'A', amountAgorot: 3000 },
          { id: 'B', amountAgorot: 7000 },
        ],
        totalAgorot: 10000,
        balanceDueAgorot: 0,
      },
    ],
    [
      'a voucher after the order is covered pays nothing and is refused',
      5000,
      [
        { id: 'A', balanceAgorot: 5000 },
        { id: 'B', balanceAgorot: 2000 },
      ],
      { ...NO_BALANCE, voucherId: 'B' },
    ],
    ['an empty voucher is refused', 5000, [{ id: 7, balanceAgorot: 0 }], { ...NO_BALANCE, voucherId: 7 }],
  ])('%s', (_label, due, vouchers, expected) => {
    expect(applyVoucherPayments(due, vouchers)).toEqual(expected);
  });

  it('refuses in the visitor’s language', () => {
    expect(applyVoucherPayments(0, [{ id: 'A', balanceAgorot: 100 }], 'en')).toEqual({
      ok: false,
      code: 'VOUCHER_NO_BALANCE',
      message: 'No balance left to redeem this benefit',
      voucherId: 'A',
    });
  });

  it.each<[string, number, VoucherToRedeem[], string]>([
    [
      'same voucher twice',
      10000,
      [
        { id: 'A', balanceAgorot: 100 },
        { id: 'A', balanceAgorot: 100 },
      ],
      'voucher A is listed twice',
    ],
    ['fractional due', 100.5, [], 'balanceDueAgorot must be a safe integer'],
    [
      'fractional voucher balance',
      10000,
      [{ id: 'A', balanceAgorot: 0.5 }],
      'voucherBalanceAgorot must be a safe integer',
    ],
  ])('rejects %s', (_label, due, vouchers, message) => {
    expect(() => applyVoucherPayments(due, vouchers)).toThrow(message);
  });
});
