import { priceZonesCarried } from '../price-zones-carried';

const target = [
  { id: 30, code: 'a' },
  { id: 31, code: 'b' },
  { id: 32, code: 'new' },
];

describe('priceZonesCarried', () => {
  it.each<[string, { zoneId: number; code: string }[], Record<number, number> | string[]]>([
    ['no prices', [], {}],
    [
      'each priced zone found by its code',
      [
        { zoneId: 1, code: 'a' },
        { zoneId: 2, code: 'b' },
      ],
      { 1: 30, 2: 31 },
    ],
    ['a zone only the new version has stays unpriced', [{ zoneId: 1, code: 'a' }], { 1: 30 }],
    [
      'a priced zone that is gone',
      [
        { zoneId: 1, code: 'a' },
        { zoneId: 3, code: 'c' },
      ],
      ['c'],
    ],
    [
      'every missing code named',
      [
        { zoneId: 3, code: 'c' },
        { zoneId: 4, code: 'd' },
      ],
      ['c', 'd'],
    ],
    ['codes are exact (case matters)', [{ zoneId: 1, code: 'A' }], ['A']],
  ])('%s', (_name, priced, expected) => {
    const result = priceZonesCarried(priced, target);
    if (Array.isArray(expected)) expect(result).toEqual({ ok: false, missingCodes: expected });
    else expect(result.ok && Object.fromEntries(result.zones)).toEqual(expected);
  });
});
