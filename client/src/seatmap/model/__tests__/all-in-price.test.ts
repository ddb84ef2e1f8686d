import { describe, expect, it } from '@jest/globals';
import { allInPrice } from '../all-in-price';

describe('allInPrice', () => {
  it.each([
    [42, 0, 42],
    [12.5, 3, 15.5],
    [0.1, 0.2, 0.3],
    [99.99, 5, 104.99],
  ])('₪%p + fee ₪%p = ₪%p', (price, serviceCharge, total) => {
    expect(allInPrice({ price, serviceCharge })).toBe(total);
  });
});
