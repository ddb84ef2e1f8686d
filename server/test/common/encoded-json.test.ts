import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodeJson, preferredEncoding } from '../../src/common/encoded-json';

describe('preferredEncoding', () => {
  test.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['identity', 'identity'],
  ])('%p -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('encodeJson', () => {
  test('brotli and gzip decode to the JSON', async () => {
    const value = { seats: Array.from({ length: 1000 }, (_, i) => [1, 1, i, 2, 0, 3, i % 5]), version: 7 };
    const doc = await encodeJson(value);
    expect(JSON.parse(doc.json.toString())).toEqual(value);
    expect(JSON.parse(brotliDecompressSync(doc.br).toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(await doc.gzip()).toString())).toEqual(value);
    expect(doc.br.length).toBeLessThan(doc.json.length / 4);
  });
});
