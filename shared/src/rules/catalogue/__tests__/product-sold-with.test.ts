import { productSoldWith, type OrderDates, type ProductScope } from '../product-sold-with';

/** An order for date 7 of event 3 at location 5. */
const order: OrderDates = { locationIds: new Set([5]), featureIds: new Set([3]), presentationIds: new Set([7]) };
const everywhere: ProductScope = { active: true, locationId: null, featureId: null, presentationId: null };

describe('productSoldWith', () => {
  it.each<[string, Partial<ProductScope>, boolean]>([
    ['sold everywhere, with everything', {}, true],
    ['switched off', { active: false }, false],
    ['at the order’s location', { locationId: 5 }, true],
    ['at another location', { locationId: 6 }, false],
    ['with the order’s event', { locationId: 5, featureId: 3 }, true],
    ['with another event', { locationId: 5, featureId: 4 }, false],
    ['with the order’s date', { locationId: 5, featureId: 3, presentationId: 7 }, true],
    ['with another date of the same event', { locationId: 5, featureId: 3, presentationId: 8 }, false],
    ['with the order’s date, switched off', { active: false, locationId: 5, featureId: 3, presentationId: 7 }, false],
    ['with one date, at another location', { locationId: 6, featureId: 3, presentationId: 7 }, false],
  ])('%s', (_name, scope, expected) => {
    expect(productSoldWith({ ...everywhere, ...scope }, order)).toBe(expected);
  });

  it('an order for several dates buys a product of any of them', () => {
    const two: OrderDates = { locationIds: new Set([5]), featureIds: new Set([3]), presentationIds: new Set([7, 8]) };
    expect(productSoldWith({ ...everywhere, locationId: 5, featureId: 3, presentationId: 8 }, two)).toBe(true);
  });
});
