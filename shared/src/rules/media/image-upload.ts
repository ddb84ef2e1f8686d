/** The image types an upload may be: what every browser shows, none of them able to carry script (no SVG). */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export const IMAGE_EXTENSION: Record<ImageType, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A feature's poster is shown at 300×450 (twice that on a dense screen); 2 MB is ample for it. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Each side: small enough that no browser decodes a giant bitmap from a small file, big enough for any poster. */
export const MIN_IMAGE_SIDE = 16;
export const MAX_IMAGE_SIDE = 6000;

export type ImageRefusal =
  | { code: 'IMAGE_EMPTY' }
  | { code: 'IMAGE_TOO_LARGE'; bytes: number; max: number }
  | { code: 'IMAGE_TYPE_NOT_ALLOWED' }
  | { code: 'IMAGE_TYPE_MISMATCH'; actual: ImageType; declared: string }
  | { code: 'IMAGE_UNREADABLE'; type: ImageType }
  | { code: 'IMAGE_DIMENSIONS'; width: number; height: number; min: number; max: number };

export interface AcceptedImage {
  type: ImageType;
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);

/** What the first bytes say the file is (its "magic"), whatever its name or declared type; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The width and height a PNG's first chunk (IHDR, which must come first) declares. */
function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 24 || !startsWith(b, ascii('IHDR'), 12)) return null;
  return [be32(b, 16), be32(b, 20)];
}

/** The size in a JPEG's start-of-frame segment, found by walking the segments from the start (no full decode). */
function jpegSize(b: Uint8Array): [number, number] | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return [be16(b, i + 7), be16(b, i + 5)];
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    i += 2 + be16(b, i + 2);
  }
  return null;
}

/** The canvas size of a WebP: the extended header (VP8X), lossless (VP8L) or lossy (VP8) bitstream's frame. */
function webpSize(b: Uint8Array): [number, number] | null {
  if (startsWith(b, ascii('VP8X'), 12) && b.length >= 30) return [le24(b, 24) + 1, le24(b, 27) + 1];
  if (startsWith(b, ascii('VP8L'), 12) && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (startsWith(b, ascii('VP8 '), 12) && b.length >= 30 && startsWith(b, [0x9d, 0x01, 0x2a], 23))
    return [le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff];
  return null;
}

const SIZE_OF: Record<ImageType, (b: Uint8Array) => [number, number] | null> = {
  'image/jpeg': jpegSize,
  'image/png': pngSize,
  'image/webp': webpSize,
};

/**
 * Whether an uploaded file may be an image: its bytes must be a JPEG, PNG or WebP (by their magic, the declared type
 * is not trusted), agree with the type the sender declared (a PNG named .jpg is refused rather than served as what it
 * claims), at most MAX_IMAGE_BYTES, and its header's width and height within MIN_IMAGE_SIDE–MAX_IMAGE_SIDE.
 */
export function checkImageUpload(bytes: Uint8Array, declaredType: string): AcceptedImage | ImageRefusal {
  if (bytes.length === 0) return { code: 'IMAGE_EMPTY' };
  if (bytes.length > MAX_IMAGE_BYTES) return { code: 'IMAGE_TOO_LARGE', bytes: bytes.length, max: MAX_IMAGE_BYTES };
  const type = sniffImageType(bytes);
  if (!type) return { code: 'IMAGE_TYPE_NOT_ALLOWED' };
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if (declared !== type) return { code: 'IMAGE_TYPE_MISMATCH', actual: type, declared };
  const size = SIZE_OF[type](bytes);
  if (!size) return { code: 'IMAGE_UNREADABLE', type };
  const [width, height] = size;
  const fits = (side: number) => side >= MIN_IMAGE_SIDE && side <= MAX_IMAGE_SIDE;
  if (!fits(width) || !fits(height))
    return { code: 'IMAGE_DIMENSIONS', width, height, min: MIN_IMAGE_SIDE, max: MAX_IMAGE_SIDE };
  return { type, width, height };
}

export const isImageRefusal = (r: AcceptedImage | ImageRefusal): r is ImageRefusal => 'code' in r;
