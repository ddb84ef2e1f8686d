import { checkImageUpload, MAX_IMAGE_BYTES, sniffImageType } from '../image-upload';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (w: number, h: number) =>
  bytes(PNG_MAGIC, be32(13), 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0], [0, 0, 0, 0]);
/** SOI, an APP0 segment to skip, then a baseline frame header (SOF0) with height before width. */
const jpeg = (w: number, h: number, sof = 0xc0) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, 0, 16],
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, sof, 0, 17, 8],
    [h >> 8, h & 255, w >> 8, w & 255],
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
const riff = (chunk: string, body: number[]) =>
  bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [body.length, 0, 0, 0], body);
const webpX = (w: number, h: number) => riff('VP8X', [0x10, 0, 0, 0, ...le24(w - 1), ...le24(h - 1)]);
const webpLossy = (w: number, h: number) => riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(w), ...le16(h), 0, 0]);
const webpLossless = (w: number, h: number) => {
  const bits = ((w - 1) | ((h - 1) << 14)) >>> 0;
  return riff('VP8L', [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255, 0, 0, 0, 0]);
};

describe('checkImageUpload', () => {
  it.each<[string, Uint8Array, string, object]>([
    ['a PNG', png(300, 450), 'image/png', { type: 'image/png', width: 300, height: 450 }],
    [
      'a JPEG (the frame after another segment)',
      jpeg(640, 960),
      'image/jpeg',
      { type: 'image/jpeg', width: 640, height: 960 },
    ],
    ['a progressive JPEG (SOF2)', jpeg(600, 900, 0xc2), 'image/jpeg', { type: 'image/jpeg', width: 600, height: 900 }],
    ['an extended WebP (VP8X)', webpX(300, 450), 'image/webp', { type: 'image/webp', width: 300, height: 450 }],
    ['a lossy WebP (VP8)', webpLossy(320, 480), 'image/webp', { type: 'image/webp', width: 320, height: 480 }],
    ['a lossless WebP (VP8L)', webpLossless(200, 300), 'image/webp', { type: 'image/webp', width: 200, height: 300 }],
    ['a declared type with parameters', png(100, 100), 'Image/PNG; charset=binary', { type: 'image/png' }],
    ['nothing', new Uint8Array(0), 'image/png', { code: 'IMAGE_EMPTY' }],
    ['text claimed as a PNG', bytes('hello, I am a poster'), 'image/png', { code: 'IMAGE_TYPE_NOT_ALLOWED' }],
    [
      'an SVG (can carry script)',
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
      { code: 'IMAGE_TYPE_NOT_ALLOWED' },
    ],
    ['a GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', { code: 'IMAGE_TYPE_NOT_ALLOWED' }],
    [
      'a PNG named .jpg',
      png(300, 450),
      'image/jpeg',
      { code: 'IMAGE_TYPE_MISMATCH', actual: 'image/png', declared: 'image/jpeg' },
    ],
    ['a PNG sent as octet-stream', png(300, 450), 'application/octet-stream', { code: 'IMAGE_TYPE_MISMATCH' }],
    ['a PNG cut before its header', png(300, 450).slice(0, 20), 'image/png', { code: 'IMAGE_UNREADABLE' }],
    [
      'a JPEG with no frame',
      bytes([0xff, 0xd8, 0xff, 0xd9], new Array(10).fill(0)),
      'image/jpeg',
      { code: 'IMAGE_UNREADABLE' },
    ],
    ['a RIFF WebP of no known kind', riff('VP8Q', new Array(12).fill(0)), 'image/webp', { code: 'IMAGE_UNREADABLE' }],
    ['too wide', png(6001, 100), 'image/png', { code: 'IMAGE_DIMENSIONS', width: 6001, height: 100 }],
    ['too small', webpX(15, 100), 'image/webp', { code: 'IMAGE_DIMENSIONS', width: 15 }],
    ['a decompression bomb header', jpeg(65535, 65535), 'image/jpeg', { code: 'IMAGE_DIMENSIONS' }],
    ['the biggest side allowed', png(6000, 16), 'image/png', { type: 'image/png', width: 6000, height: 16 }],
  ])('%s', (_, file, declared, expected) => {
    expect(checkImageUpload(file, declared)).toMatchObject(expected);
  });

  it('refuses one byte over the size limit before reading anything else', () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(png(300, 450));
    expect(checkImageUpload(big, 'image/png')).toEqual({
      code: 'IMAGE_TOO_LARGE',
      bytes: MAX_IMAGE_BYTES + 1,
      max: MAX_IMAGE_BYTES,
    });
    expect(checkImageUpload(big.subarray(0, MAX_IMAGE_BYTES), 'image/png')).toMatchObject({ type: 'image/png' });
  });

  it('sniffs by magic bytes only', () => {
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
