import { describe, expect, it } from '@jest/globals';
import { dotFootprint, packColour, packShelves, type PixelRect } from '../dot-atlas';

describe('dot atlas helpers', () => {
  it('packs colours as little-endian RGBA pixels', () => {
    expect(packColour('#ff0000')).toBe(0xff0000ff);
    expect(packColour('#00ff00')).toBe(0xff00ff00);
    expect(packColour('#0000ff')).toBe(0xffff0000);
    expect(packColour('nonsense')).toBe(0xff808080);
  });

  it('gives every seat at least one pixel, centred, clipped to its section rectangle', () => {
    const clip: PixelRect = { x0: 10, y0: 10, x1: 20, y1: 20 };
    const out: PixelRect = { x0: 0, y0: 0, x1: 0, y1: 0 };
    // The pixel [14, 15) holds x = 14.6; [15, 16) holds y = 15.2.
    expect(dotFootprint(14.6, 15.2, 0.2, 0.2, clip, out)).toEqual({ x0: 14, y0: 15, x1: 15, y1: 16 });
    expect(dotFootprint(14, 14, 1.5, 1, clip, { ...out })).toEqual({ x0: 13, y0: 13, x1: 16, y1: 15 });
    expect(dotFootprint(9.8, 19.9, 2, 2, clip, { ...out })).toEqual({ x0: 10, y0: 18, x1: 12, y1: 20 });
  });

  it('shelf-packs section rectangles without overlap, inside the size limit', () => {
    const items = Array.from({ length: 60 }, (_, k) => ({ id: k, w: 20 + ((k * 37) % 50), h: 15 + ((k * 53) % 40) }));
    const layout = packShelves(items, 4096)!;
    expect(layout).not.toBeNull();
    for (const a of items) {
      expect(layout.x[a.id]! + a.w).toBeLessThanOrEqual(layout.width);
      expect(layout.y[a.id]! + a.h).toBeLessThanOrEqual(layout.height);
      for (const b of items) {
        if (a.id >= b.id) continue;
        const apart =
          layout.x[a.id]! + a.w <= layout.x[b.id]! ||
          layout.x[b.id]! + b.w <= layout.x[a.id]! ||
          layout.y[a.id]! + a.h <= layout.y[b.id]! ||
          layout.y[b.id]! + b.h <= layout.y[a.id]!;
        expect(apart).toBe(true);
      }
    }
    // Reasonably tight: the atlas is less than twice the sections' total area.
    const area = items.reduce((s, it) => s + it.w * it.h, 0);
    expect(layout.width * layout.height).toBeLessThan(area * 2);
  });

  it('refuses a layout beyond the maximum side', () => {
    expect(packShelves([{ id: 0, w: 5000, h: 10 }], 4096)).toBeNull();
    expect(
      packShelves(
        Array.from({ length: 100 }, (_, k) => ({ id: k, w: 1000, h: 1000 })),
        4096,
      ),
    ).toBeNull();
    expect(packShelves([], 4096)).toEqual({ x: new Int32Array(0), y: new Int32Array(0), width: 1, height: 1 });
  });
});
