import { membershipDiscountAgorot, type MembershipDiscountRule } from '../discount';

describe('membershipDiscountAgorot', () => {
  it.each<[string, number, MembershipDiscountRule, number]>([
    ['10 % of 250.00', 25000, { kind: 'percent', value: 10 }, 2500],
    ['rounds half up to the agora', 1005, { kind: 'percent', value: 10 }, 101],
    ['100 % is the whole price', 25000, { kind: 'percent', value: 100 }, 25000],
    ['more than 100 % is 100 %', 25000, { kind: 'percent', value: 150 }, 25000],
    ['a fixed amount', 25000, { kind: 'amount', value: 5000 }, 5000],
    ['an amount above the price is capped', 3000, { kind: 'amount', value: 5000 }, 3000],
    ['nothing off a free price', 0, { kind: 'percent', value: 50 }, 0],
    ['a zero code takes nothing', 25000, { kind: 'amount', value: 0 }, 0],
  ])('%s', (_, price, rule, off) => {
    expect(membershipDiscountAgorot(price, rule)).toBe(off);
  });
});
