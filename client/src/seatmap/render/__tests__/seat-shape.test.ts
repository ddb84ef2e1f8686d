import { describe, expect, it } from '@jest/globals';
import { addSeatDot, addSeatShape, dotMinHalf, seatDetail, type SeatDetail } from '../seat-shape';

/** A context that records the path calls a seat adds (the storefront and the designer fill many seats per path). */
function recorder(): { ctx: CanvasRenderingContext2D; calls: string[] } {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: number[]) =>
      calls.push(`${name}(${args.map((a) => Math.round(a * 100) / 100).join(',')})`);
  const ctx = {
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    arcTo: record('arcTo'),
    rect: record('rect'),
    closePath: record('closePath'),
  } as unknown as CanvasRenderingContext2D;
  return { ctx, calls };
}

describe('the seat drawer shared by the storefront and the designer', () => {
  it.each<[number, SeatDetail]>([
    [0.5, 'dot'],
    [2.99, 'dot'],
    [3, 'box'],
    [6.99, 'box'],
    [7, 'round'],
    [40, 'round'],
  ])('a seat %s device px wide is drawn as a %s', (px, detail) => {
    expect(seatDetail(px)).toBe(detail);
  });

  it.each<[string, Parameters<typeof addSeatShape>, string[]]>([
    ['upright box', [null!, 10, 20, 4, 3, 0, false], ['rect(6,17,8,6)']],
    [
      'upright rounded box: four rounded corners',
      [null!, 10, 20, 4, 3, 0, true],
      [
        'moveTo(7.35,17)',
        'arcTo(14,17,14,23,1.35)',
        'arcTo(14,23,6,23,1.35)',
        'arcTo(6,23,6,17,1.35)',
        'arcTo(6,17,14,17,1.35)',
        'closePath()',
      ],
    ],
    [
      'turned a quarter: its four corners, width along y',
      [null!, 0, 0, 4, 3, 90, true],
      ['moveTo(3,-4)', 'lineTo(3,4)', 'lineTo(-3,4)', 'lineTo(-3,-4)', 'closePath()'],
    ],
  ])('%s', (_name, [, ...args], expected) => {
    const { ctx, calls } = recorder();
    addSeatShape(ctx, ...args);
    expect(calls).toEqual(expected);
  });

  it('a dot is never thinner than about a device pixel', () => {
    const { ctx, calls } = recorder();
    addSeatDot(ctx, 10, 10, 0.1, 0.2, dotMinHalf(0.5));
    addSeatDot(ctx, 10, 10, 2, 3, dotMinHalf(0.5));
    expect(calls).toEqual(['rect(8.9,8.9,2.2,2.2)', 'rect(8,7,4,6)']);
  });
});
