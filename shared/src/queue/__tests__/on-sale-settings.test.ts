import { onSaleSettingsProblems, type OnSaleSettingsInput } from '../on-sale-settings';

const ok: OnSaleSettingsInput = {
  saleDate: '2026-12-01',
  saleTime: '10:00',
  maxActive: '200',
  admitPerMinute: '60',
  shoppingMinutes: '15',
};

describe('onSaleSettingsProblems', () => {
  it.each<[Partial<OnSaleSettingsInput>, string[]]>([
    [{}, []],
    [{ maxActive: '1', admitPerMinute: '1000000', shoppingMinutes: '240' }, []],
    [{ saleDate: '' }, ['saleDate:required']],
    [{ saleDate: '2026-13-40' }, ['saleDate:invalid']],
    [{ saleDate: 'tomorrow' }, ['saleDate:invalid']],
    [{ saleTime: ' ' }, ['saleTime:required']],
    [{ saleTime: '24:00' }, ['saleTime:invalid']],
    [{ saleTime: '9:5' }, ['saleTime:invalid']],
    [{ maxActive: '' }, ['maxActive:required']],
    [{ maxActive: '0' }, ['maxActive:range']],
    [{ maxActive: '1000001' }, ['maxActive:range']],
    [{ admitPerMinute: '1.5' }, ['admitPerMinute:notWhole']],
    [{ admitPerMinute: '-3' }, ['admitPerMinute:range']],
    [{ shoppingMinutes: '241' }, ['shoppingMinutes:range']],
    [{ shoppingMinutes: 'ten' }, ['shoppingMinutes:notWhole']],
    [
      { saleDate: '', maxActive: '0', shoppingMinutes: '' },
      ['saleDate:required', 'maxActive:range', 'shoppingMinutes:required'],
    ],
  ])('%j -> %j', (change, expected) => {
    expect(onSaleSettingsProblems({ ...ok, ...change }).map((p) => `${p.field}:${p.problem}`)).toEqual(expected);
  });

  it('names the limits of a number out of range', () => {
    expect(onSaleSettingsProblems({ ...ok, shoppingMinutes: '0' })).toEqual([
      { field: 'shoppingMinutes', problem: 'range', min: 1, max: 240 },
    ]);
  });
});
