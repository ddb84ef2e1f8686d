import { describe, expect, it } from '@jest/globals';
import {
  bitmapPixels,
  bitmapScaleFor,
  BITMAP_MAX_SEAT_PX,
  cappedPixelRatio,
  MAX_BITMAP_SIDE,
  renderModeFor,
  sectionLabelPx,
  seatPixels,
} from '../lod';
import { labelCandidates } from '../text';

describe('render mode', () => {
  it('draws sections from bitmaps while seats are small, as vectors once they are big', () => {
    expect(renderModeFor(2)).toBe('bitmap');
    expect(renderModeFor(BITMAP_MAX_SEAT_PX + 1)).toBe('vector');
    expect(seatPixels(0.5, 20)).toBe(10);
  });

  it('has hysteresis so a zoom resting at the threshold does not flip every frame', () => {
    const at = BITMAP_MAX_SEAT_PX * 1.05;
    expect(renderModeFor(at, 'bitmap')).toBe('bitmap');
    expect(renderModeFor(at, 'vector')).toBe('vector');
    expect(renderModeFor(BITMAP_MAX_SEAT_PX * 0.9, 'vector')).toBe('vector');
    expect(renderModeFor(BITMAP_MAX_SEAT_PX * 0.8, 'vector')).toBe('bitmap');
  });
});

describe('bitmapScaleFor', () => {
  it('rounds up to a power of two, so a bitmap is only ever shrunk (at most 2x)', () => {
    expect(bitmapScaleFor(0.3, 100, 100)).toBe(0.5);
    expect(bitmapScaleFor(0.5, 100, 100)).toBe(0.5);
    expect(bitmapScaleFor(0.51, 100, 100)).toBe(1);
    expect(bitmapScaleFor(3, 100, 100)).toBe(4);
  });

  it('stays within the maximum bitmap side, or gives up (vectors) when that would be too blurry', () => {
    // 2000-unit section at 3 px/unit wants 4 -> 8000 px: capped at 4096/2000 = 2.048 (>= 60% of 3).
    expect(bitmapScaleFor(3, 2000, 500)).toBeCloseTo(MAX_BITMAP_SIDE / 2000, 6);
    // 10000-unit section at 1 px/unit: cap 0.41 < 0.6 -> 0.
    expect(bitmapScaleFor(1, 10000, 100)).toBe(0);
    expect(bitmapScaleFor(0, 10, 10)).toBe(0);
  });

  it('counts padded device pixels', () => {
    expect(bitmapPixels(100, 50, 1, 2)).toBe(104 * 54);
  });
});

describe('cappedPixelRatio', () => {
  it('caps at 2 on capable devices and 1.5 on weak ones, never raising a low ratio', () => {
    expect(cappedPixelRatio(3, 8, 8)).toBe(2);
    expect(cappedPixelRatio(3, 4, 8)).toBe(1.5);
    expect(cappedPixelRatio(3, 8, 2)).toBe(1.5);
    expect(cappedPixelRatio(1, 2, 1)).toBe(1);
    expect(cappedPixelRatio(0, undefined, undefined)).toBe(1);
  });
});

describe('labels', () => {
  it('sizes section labels with the section, none for tiny sections', () => {
    expect(sectionLabelPx(10)).toBe(0);
    expect(sectionLabelPx(100)).toBeGreaterThanOrEqual(10);
    expect(sectionLabelPx(1000)).toBe(17);
    expect(sectionLabelPx(1000, true)).toBe(20);
  });

  it('offers two lines, then the numbered part, for small sections', () => {
    // Two lines split where they balance best.
    expect(labelCandidates('Lower tier 101')).toEqual([['Lower tier 101'], ['Lower', 'tier 101'], ['101']]);
    expect(labelCandidates('יציע תחתון 101')).toEqual([['יציע תחתון 101'], ['יציע', 'תחתון 101'], ['101']]);
    expect(labelCandidates('Golden ring')).toEqual([['Golden ring'], ['Golden', 'ring']]);
    expect(labelCandidates('Hall')).toEqual([['Hall']]);
  });
});
