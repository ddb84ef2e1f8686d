import { estimatedWaitSeconds } from '../queue-place';
import { waitCountdownSeconds } from '../wait-countdown';

describe('waitCountdownSeconds', () => {
  it.each<[number | null, number, number, number | null]>([
    [null, 12, 0, null],
    [5, 0, 0, null],
    [0, 12, 0, 0],
    [1, 12, 0, 1],
    [1, 12, 5_000, 0],
    // 12 a minute: place 10 is 9 x 5 s + 1 = 46 s; it runs down to place 9's 41 s and waits there.
    [10, 12, 0, 46],
    [10, 12, 999, 46],
    [10, 12, 1_000, 45],
    [10, 12, 5_000, 41],
    [10, 12, 60_000, 41],
    [10, 12, -3_000, 46],
  ])('place %p at %p a minute, %p ms at that place: %p s', (place, rate, ms, seconds) => {
    expect(waitCountdownSeconds(place, rate, ms)).toBe(seconds);
  });

  it.each<[number, number, number, number, number]>([
    // 600 a minute (10 a second), news every 5 s: 50 people go between two messages.
    // Place 1,000 is ceil(99.9 s) + 1 = 101 s; with one place per update it cannot leave place 999's 101 s...
    [1_000, 600, 4_000, 1, 101],
    // ...with 50 per update it runs down with the clock to place 950's 96 s, where the next message puts it.
    [1_000, 600, 4_000, 50, 97],
    [1_000, 600, 5_000, 50, 96],
    [1_000, 600, 9_000, 50, 96],
    // Fractions and nonsense count as one place.
    [1_000, 600, 4_000, 0.4, 101],
    [1_000, 600, 4_000, -3, 101],
  ])('place %p at %p a minute, %p ms, %p places per update: %p s', (place, rate, ms, step, seconds) => {
    expect(waitCountdownSeconds(place, rate, ms, step)).toBe(seconds);
  });

  it('never goes up as the place falls, whenever the admissions come', () => {
    for (const rate of [1, 7, 12, 60, 600]) {
      let shown = Number.POSITIVE_INFINITY;
      for (let place = 50; place >= 1; place--) {
        for (const ms of [0, 400, 2_000, 9_000, 200_000]) {
          const s = waitCountdownSeconds(place, rate, ms)!;
          expect(s).toBeLessThanOrEqual(shown);
          expect(s).toBeGreaterThanOrEqual(estimatedWaitSeconds(place - 1, rate)!);
          shown = s;
        }
      }
    }
  });
});
