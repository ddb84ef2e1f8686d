import { bandReach, longestProgressGapMs, MAX_FAR_EVERY_TICKS, progressBandOf, progressBands } from '../progress-bands';

const INF = Number.POSITIVE_INFINITY;

describe('progressBands', () => {
  it.each<[number, number, [number, number][]]>([
    // The defaults: near 120 s every tick, then every 5th to 10 minutes, every 15th to 30 minutes, every 30th.
    [
      120,
      5,
      [
        [120, 1],
        [600, 5],
        [1_800, 15],
        [INF, 30],
      ],
    ],
    // QUEUE_FAR_EVERY_TICKS=1: every page every tick, one band.
    [120, 1, [[INF, 1]]],
    // A near window past ten minutes leaves the second band empty (kept, so indexes mean the same).
    [
      900,
      5,
      [
        [900, 1],
        [900, 5],
        [1_800, 15],
        [INF, 30],
      ],
    ],
    // No near window: only pages without a place (and those a message admits) hear every tick.
    [
      0,
      10,
      [
        [0, 1],
        [600, 10],
        [1_800, 30],
        [INF, 60],
      ],
    ],
    // Nonsense counts as its nearest sense.
    [
      -5,
      2.7,
      [
        [0, 1],
        [600, 2],
        [1_800, 6],
        [INF, 12],
      ],
    ],
    [120, 0, [[INF, 1]]],
  ])('near %p s, far every %p -> %j', (near, every, expected) => {
    expect(progressBands(near, every).map((b) => [b.upToSeconds, b.everyTicks])).toEqual(expected);
  });
});

describe('progressBandOf (the band of a page by its place at the rate)', () => {
  const defaults = progressBands(120, 5);
  it.each<[number | null, number, number]>([
    // No place (admitted, outside): the nearest band.
    [null, 5_000, 0],
    [0, 5_000, 0],
    // 5,000 a minute: 120 s is 10,000 places, 600 s 50,000, 1,800 s 150,000.
    [1, 5_000, 0],
    [10_000, 5_000, 0],
    [10_001, 5_000, 1],
    [50_000, 5_000, 1],
    [50_001, 5_000, 2],
    [150_000, 5_000, 2],
    [150_001, 5_000, 3],
    [1_000_000, 5_000, 3],
    // 7 a minute: 120 s is 14 places (13.999... rounded up: the boundary errs near).
    [14, 7, 0],
    [15, 7, 1],
    // No rate: nothing moves; every page with a place is in the last band.
    [1, 0, 3],
  ])('place %p at %p a minute -> band %p', (place, rate, band) => {
    expect(progressBandOf(defaults, place, rate)).toBe(band);
  });

  it('one band: everybody in it', () => {
    expect(progressBandOf(progressBands(120, 1), 1_000_000, 1)).toBe(0);
  });

  it('reach grows with the band and the rate, and rounds up', () => {
    expect(bandReach({ upToSeconds: 5, everyTicks: 1 }, 7)).toBe(1);
    expect(bandReach({ upToSeconds: 0, everyTicks: 1 }, 5_000)).toBe(0);
    expect(bandReach({ upToSeconds: INF, everyTicks: 30 }, 0)).toBe(INF);
  });
});

describe('longestProgressGapMs (how long a page waits before polling a silent feed)', () => {
  it.each<[number | null, number, number]>([
    // No place known (the pre-queue: the server bands the page by a lower bound of its number): any band.
    [null, 60, 60_000],
    [0, 60, 1_000],
    // Any place with a number may be beyond the narrowest near window: at most every 10th tick to ten minutes...
    [1, 60, 10_000],
    [600, 60, 10_000],
    // ...every 30th to half an hour, every 60th beyond.
    [601, 60, 30_000],
    [1_800, 60, 30_000],
    [1_801, 60, 60_000],
    [5, 0, 60_000],
  ])('place %p at %p a minute: %p ms', (place, rate, ms) => {
    expect(longestProgressGapMs(place, rate)).toBe(ms);
  });

  it('is never shorter than the gap the server keeps at any setting (only nearer bands hear more often)', () => {
    for (const near of [0, 5, 120, 600, 3_600])
      for (let every = 1; every <= MAX_FAR_EVERY_TICKS; every++) {
        const bands = progressBands(near, every);
        for (const rate of [0, 1, 12, 60, 5_000])
          for (const place of [null, 0, 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]) {
            const serverGapMs = bands[progressBandOf(bands, place, rate)]!.everyTicks * 1_000;
            expect(longestProgressGapMs(place, rate)).toBeGreaterThanOrEqual(serverGapMs);
          }
      }
  });
});

describe('messages a second for the million-visitor model (docs/scaling.md)', () => {
  /** Pages at places 1..visitors, admitted at `perMinute`: the progress messages a second they hear. */
  const perSecond = (visitors: number, perMinute: number, near: number, every: number) => {
    const bands = progressBands(near, every);
    let sum = 0;
    for (let place = 1; place <= visitors; place++)
      sum += 1 / bands[progressBandOf(bands, place, perMinute)]!.everyTicks;
    return Math.round(sum);
  };
  it('1,000,000 waiting, 5,000 a minute: 53,000 a second (every 5th beyond the near window was 208,000)', () => {
    expect(perSecond(1_000_000, 5_000, 120, 5)).toBe(53_000);
    expect(perSecond(1_000_000, 5_000, 120, 1)).toBe(1_000_000);
  });
});
