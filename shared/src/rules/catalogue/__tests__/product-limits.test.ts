import { productLimitRefusal, type ProductLimits } from '../product-limits';

const none: ProductLimits = { perOrder: null, left: null };

describe('productLimitRefusal', () => {
  it.each<[string, Partial<ProductLimits>, number, string | null]>([
    ['no limits', {}, 40, null],
    ['at the per-order limit', { perOrder: 2 }, 2, null],
    ['over the per-order limit', { perOrder: 2 }, 3, 'PRODUCT_PER_ORDER_EXCEEDED'],
    ['exactly what is left', { left: 3 }, 3, null],
    ['more than is left', { left: 3 }, 4, 'PRODUCT_SOLD_OUT'],
    ['nothing left', { left: 0 }, 1, 'PRODUCT_SOLD_OUT'],
    ['both broken: the per-order limit is named', { perOrder: 1, left: 0 }, 2, 'PRODUCT_PER_ORDER_EXCEEDED'],
    ['within both', { perOrder: 4, left: 10 }, 4, null],
  ])('%s', (_name, limits, quantity, expected) => {
    expect(productLimitRefusal({ ...none, ...limits }, quantity)).toBe(expected);
  });
});
