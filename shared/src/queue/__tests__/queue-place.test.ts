import { estimatedWaitSeconds, queuePlace, queueProgress } from '../queue-place';

describe('queuePlace', () => {
  it.each<[number | null, number, number | null]>([
    [null, 0, null],
    [0, 0, 1],
    [9, 0, 10],
    [9, 5, 5],
    [9, 9, 1],
    [9, 10, 0],
    [9, 50, 0],
  ])('ticket %p with %p removed is place %p', (ticketNo, removed, place) => {
    expect(queuePlace(ticketNo, removed)).toBe(place);
  });
});

describe('estimatedWaitSeconds', () => {
  it.each<[number | null, number, number | null]>([
    [null, 60, null],
    [5, 0, null],
    [0, 60, 0],
    [1, 60, 1],
    [2, 60, 2],
    [61, 60, 61],
    [101, 600, 11],
  ])('place %p at %p a minute waits %p s', (place, rate, seconds) => {
    expect(estimatedWaitSeconds(place, rate)).toBe(seconds);
  });
});

describe('queueProgress', () => {
  it.each<[number | null, number, number, number]>([
    [null, 0, 5, 0],
    [9, 0, 0, 0],
    [9, 0, 5, 0.5],
    [9, 0, 10, 1],
    [9, 0, 30, 1],
    [9, 4, 7, 0.5],
  ])('ticket %p, removed %p at join, %p now: %p', (ticketNo, atJoin, removed, fraction) => {
    expect(queueProgress(ticketNo, atJoin, removed)).toBeCloseTo(fraction);
  });
});
