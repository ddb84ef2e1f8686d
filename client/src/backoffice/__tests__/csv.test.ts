import { toCsv } from '../csv';

type Row = { name: string; sold: number };
const columns = [
  { header: 'שם', value: (r: Row) => r.name },
  { header: 'נמכרו', value: (r: Row) => r.sold },
];

describe('toCsv', () => {
  it.each([
    ['no rows: the header line only', [], '\uFEFFשם,נמכרו\r\n'],
    ['Hebrew stays as is', [{ name: 'כל בתי הקולנוע', sold: 3 }], '\uFEFFשם,נמכרו\r\nכל בתי הקולנוע,3\r\n'],
    ['a comma is quoted', [{ name: 'Haifa, Hadar', sold: 1 }], '\uFEFFשם,נמכרו\r\n"Haifa, Hadar",1\r\n'],
    ['a quote is doubled', [{ name: 'The "Big" Hall', sold: 0 }], '\uFEFFשם,נמכרו\r\n"The ""Big"" Hall",0\r\n'],
    ['a line break is quoted', [{ name: 'a\nb', sold: 2 }], '\uFEFFשם,נמכרו\r\n"a\nb",2\r\n'],
    ['a formula is defused', [{ name: '=HYPERLINK("x")', sold: 1 }], '\uFEFFשם,נמכרו\r\n"\'=HYPERLINK(""x"")",1\r\n'],
    ['a negative number stays a number', [{ name: 'x', sold: -1 }], '\uFEFFשם,נמכרו\r\nx,-1\r\n'],
  ])('%s', (_name, rows, expected) => {
    expect(toCsv(rows as Row[], columns)).toBe(expected);
  });
});
