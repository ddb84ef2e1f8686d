import { seatPlanChange, type OccupiedPlace, type TargetPlace } from '../seat-plan-change';

const seat = (key: string, sectionCode: string, row: string, s: string, kind: OccupiedPlace['kind'] = 'sold') => ({
  key,
  sectionCode,
  row,
  seat: s,
  kind,
});
const place = (key: string, sectionCode: string, n: number, kind: OccupiedPlace['kind'] = 'sold') => ({
  key,
  sectionCode,
  row: null,
  seat: String(n),
  kind,
});
const target: TargetPlace[] = [
  { key: '20:1:1', sectionCode: 'stalls', row: 'A', seat: '1' },
  { key: '20:2:1', sectionCode: 'stalls', row: 'A', seat: '2' },
  { key: '21:1:1', sectionCode: 'balcony', row: 'A', seat: '1' },
];
const standing = [{ sectionCode: 'floor', sectionId: 22, capacity: 100 }];

describe('seatPlanChange', () => {
  it.each<[string, OccupiedPlace[], Record<string, string> | string[]]>([
    ['nothing occupied: nothing to map', [], {}],
    ['a sold seat found by section, row and seat', [seat('10:5:5', 'stalls', 'A', '2')], { '10:5:5': '20:2:1' }],
    [
      'sold, held and locked all carried',
      [
        seat('10:1:1', 'stalls', 'A', '1'),
        seat('10:2:1', 'stalls', 'A', '2', 'held'),
        seat('11:1:1', 'balcony', 'A', '1', 'locked'),
      ],
      { '10:1:1': '20:1:1', '10:2:1': '20:2:1', '11:1:1': '21:1:1' },
    ],
    ['a seat whose row is gone', [seat('10:1:9', 'stalls', 'Z', '1')], ['10:1:9']],
    ['a seat whose section is gone', [seat('12:1:1', 'boxes', 'A', '1', 'locked')], ['12:1:1']],
    ['the same labels in another section are another seat', [seat('11:2:1', 'balcony', 'A', '2', 'held')], ['11:2:1']],
    [
      'every missing place listed, in order, once',
      [
        seat('10:1:9', 'stalls', 'Z', '1'),
        seat('10:1:1', 'stalls', 'A', '1'),
        seat('12:1:1', 'boxes', 'A', '1', 'locked'),
        seat('10:1:9', 'stalls', 'Z', '1', 'locked'),
      ],
      ['10:1:9', '12:1:1'],
    ],
    ['a standing place within the new capacity', [place('13:100:0', 'floor', 100)], { '13:100:0': '22:100:0' }],
    ['a standing place beyond the new capacity', [place('13:101:0', 'floor', 101)], ['13:101:0']],
    ['a standing section that is gone', [place('14:1:0', 'lawn', 1, 'locked')], ['14:1:0']],
    [
      'a seat sold and locked maps once',
      [seat('10:1:1', 'stalls', 'A', '1'), seat('10:1:1', 'stalls', 'A', '1', 'locked')],
      { '10:1:1': '20:1:1' },
    ],
  ])('%s', (_name, occupied, expected) => {
    const result = seatPlanChange(occupied, target, standing);
    if (Array.isArray(expected)) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.missing.map((m) => m.key)).toEqual(expected);
    } else {
      expect(result.ok).toBe(true);
      if (result.ok) expect(Object.fromEntries(result.keys)).toEqual(expected);
    }
  });
});
