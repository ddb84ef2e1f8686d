import { handlingFeeTerms } from '../handling-fee';

describe('handlingFeeTerms: the order fee said before the seat step ends', () => {
  test.each([
    ['no configuration', undefined, null],
    ['null', null, null],
    ['nothing set', { name: 'handling fee', amountPerOrder: null, percentRatePerOrder: null }, null],
    ['zero amounts', { name: 'handling fee', amountPerOrder: 0, percentRatePerOrder: 0 }, null],
    [
      'a fixed amount in shekels → agorot',
      { name: 'x', amountPerOrder: 7.5, percentRatePerOrder: null },
      { kind: 'fixed', agorot: 750 },
    ],
    [
      'a percent of the order',
      { name: 'x', amountPerOrder: null, percentRatePerOrder: 4 },
      { kind: 'percent', rate: 4 },
    ],
  ] as const)('%s', (_what, charge, expected) => {
    expect(handlingFeeTerms(charge)).toEqual(expected);
  });
});
