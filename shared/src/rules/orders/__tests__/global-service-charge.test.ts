import {
  globalServiceCharge,
  type GlobalServiceCharge,
  type GlobalServiceChargeConfig,
} from '../global-service-charge';

describe('globalServiceCharge', () => {
  it.each<[string, GlobalServiceChargeConfig, number, GlobalServiceCharge]>([
    ['fixed amount', { amountPerOrder: 500 }, 10000, { name: 'handling fee', amountAgorot: 500 }],
    ['fixed amount on a free order', { amountPerOrder: 500 }, 0, { name: 'handling fee', amountAgorot: 500 }],
    ['percent', { percentRatePerOrder: 5 }, 10000, { name: 'handling fee', amountAgorot: 500 }],
    ['percent rounds half up', { percentRatePerOrder: 5 }, 50, { name: 'handling fee', amountAgorot: 3 }],
    ['fractional percent', { percentRatePerOrder: 2.5 }, 4500, { name: 'handling fee', amountAgorot: 113 }], // 112.5
    ['percent of nothing', { percentRatePerOrder: 5 }, 0, { name: 'handling fee', amountAgorot: 0 }],
    ['nothing configured', {}, 10000, { name: 'handling fee', amountAgorot: 0 }],
    [
      'nulls',
      { amountPerOrder: null, percentRatePerOrder: null, name: null },
      10000,
      { name: 'handling fee', amountAgorot: 0 },
    ],
    [
      'zero amount with a percent',
      { amountPerOrder: 0, percentRatePerOrder: 10 },
      10000,
      { name: 'handling fee', amountAgorot: 1000 },
    ],
    ['custom name', { amountPerOrder: 300, name: 'דמי טיפול' }, 10000, { name: 'דמי טיפול', amountAgorot: 300 }],
    [
      'custom name is trimmed',
      { amountPerOrder: 300, name: '  booking fee ' },
      10000,
      { name: 'booking fee', amountAgorot: 300 },
    ],
    ['blank name falls back', { amountPerOrder: 300, name: '   ' }, 10000, { name: 'handling fee', amountAgorot: 300 }],
  ])('%s', (_label, config, subtotal, expected) => {
    expect(globalServiceCharge(config, subtotal)).toEqual(expected);
  });

  it.each<[string, GlobalServiceChargeConfig, number, string]>([
    [
      'both set',
      { amountPerOrder: 500, percentRatePerOrder: 5 },
      10000,
      'either amountPerOrder or percentRatePerOrder, not both',
    ],
    ['negative amount', { amountPerOrder: -500 }, 10000, 'amountPerOrder must not be negative'],
    ['fractional amount', { amountPerOrder: 4.5 }, 10000, 'amountPerOrder must be a safe integer'],
    ['negative percent', { percentRatePerOrder: -5 }, 10000, 'percentRatePerOrder must not be negative'],
    ['NaN percent', { percentRatePerOrder: NaN }, 10000, 'percentRatePerOrder must be a finite number'],
    ['negative subtotal', { amountPerOrder: 500 }, -1, 'subtotalAgorot must not be negative'],
  ])('rejects %s', (_label, config, subtotal, message) => {
    expect(() => globalServiceCharge(config, subtotal)).toThrow(message);
  });
});
