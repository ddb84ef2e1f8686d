import { describe, expect, it } from '@jest/globals';
import {
  apply,
  compose,
  determinant,
  IDENTITY,
  invert,
  multiply,
  rotation,
  rotationAbout,
  scaling,
  translation,
  type Affine,
} from '../matrix';

const close = (m: Affine, n: Affine) => m.forEach((v, i) => expect(v).toBeCloseTo(n[i]!, 9));

describe('affine matrices', () => {
  it.each([
    [0, 10, 0, 10, 0],
    [90, 10, 0, 0, 10], // clockwise on a y-down screen: +x turns into +y
    [180, 10, 0, -10, 0],
    [-90, 10, 0, 0, -10],
    [270, 10, 0, 0, -10],
    [45, 1, 0, Math.SQRT1_2, Math.SQRT1_2],
    [30, 0, 2, -1, Math.sqrt(3)],
  ])('rotation(%p) maps (%p,%p) to (%p,%p)', (deg, x, y, ex, ey) => {
    const p = apply(rotation(deg), x, y);
    expect(p.x).toBeCloseTo(ex, 9);
    expect(p.y).toBeCloseTo(ey, 9);
  });

  it('quarter turns are exact (no 1e-16 residue)', () => {
    expect(apply(rotation(90), 3, 4)).toEqual({ x: -4, y: 3 });
  });

  it('compose is written order: the last matrix applies first', () => {
    const m = compose(translation(5, 0), scaling(2));
    expect(apply(m, 1, 1)).toEqual({ x: 7, y: 2 });
    const n = compose(scaling(2), translation(5, 0));
    expect(apply(n, 1, 1)).toEqual({ x: 12, y: 2 });
  });

  it('rotationAbout keeps the pivot fixed', () => {
    const m = rotationAbout(37, 10, 20);
    const p = apply(m, 10, 20);
    expect(p.x).toBeCloseTo(10, 9);
    expect(p.y).toBeCloseTo(20, 9);
  });

  it.each([
    ['translate', translation(3, -7)],
    ['scale', scaling(2.5, 0.5)],
    ['rotate 30', rotation(30)],
    ['chain', compose(translation(100, 50), rotation(-45), scaling(3), translation(-4, 9))],
  ])('invert(%s) is a true inverse', (_name, m) => {
    close(multiply(m, invert(m)), IDENTITY);
    close(multiply(invert(m), m), IDENTITY);
    const q = apply(invert(m), ...(Object.values(apply(m, 12.5, -3)) as [number, number]));
    expect(q.x).toBeCloseTo(12.5, 9);
    expect(q.y).toBeCloseTo(-3, 9);
  });

  it('invert throws on a singular matrix', () => {
    expect(determinant(scaling(0))).toBe(0);
    expect(() => invert(scaling(0))).toThrow(RangeError);
  });
});
