import { takenRatio } from '../taken-ratio';

describe('takenRatio', () => {
  it.each([
    [0, 10, 0],
    [10, 10, 1],
    [5, 10, 0.5],
    [1, 3, 0.333],
    [2, 3, 0.667],
    [1, 7, 0.143],
    [1, 2000, 0.001], // 0.0005 rounds up
    [1, 2001, 0], // 0.00049975 rounds down
    [1999, 2000, 1], // 0.9995 rounds up
    [19999, 20000, 1],
    [12345, 20000, 0.617], // 0.61725
    [0, 0, 1], // no seats: as taken as it gets
  ])('%p of %p -> %p', (taken, total, expected) => {
    expect(takenRatio(taken, total)).toBe(expected);
  });

  it.each<[number, number, string]>([
    [11, 10, 'taken (11) cannot exceed total (10)'],
    [-1, 10, 'taken must not be negative'],
    [1, -10, 'total must not be negative'],
    [1.5, 10, 'taken must be a safe integer'],
    [NaN, 10, 'taken must be a finite number'],
    [1, Infinity, 'total must be a finite number'],
  ])('rejects %p of %p', (taken, total, message) => {
    expect(() => takenRatio(taken, total)).toThrow(message);
  });
});
