import { describe, expect, it } from '@jest/globals';
import { fallbackPollDue, silentFeedAllowanceMs } from '../fallback-poll';

describe('fallbackPollDue (the waiting page asks for its standing only when the live feed is silent)', () => {
  const PERIOD = 15_000;
  it.each([
    ['the feed never spoke (socket down from the start)', null, 100_000, true],
    ['a progress message a second ago', 99_000, 100_000, false],
    ['a page far from the head, between its messages every 5th tick', 95_001, 100_000, false],
    ['a far page whose last message came 10 s ago (QUEUE_FAR_EVERY_TICKS at its most)', 90_000, 100_000, false],
    ['the last message just under a period ago', 85_001, 100_000, false],
    ['silent for exactly a period', 85_000, 100_000, true],
    ['silent for longer (socket lost)', 10_000, 100_000, true],
  ])('%s -> %s', (_label, lastHeardAt, now, due) => {
    expect(fallbackPollDue(lastHeardAt, now, PERIOD)).toBe(due);
  });
});

describe('silentFeedAllowanceMs (how long a page lets its feed be silent, by its place)', () => {
  it.each<[string, number | null, number, number]>([
    ['no place known (the pre-queue): any band, the rarest', null, 60, 65_000],
    ['at the head', 0, 60, 15_000],
    ['near the head', 10, 60, 15_000],
    // 60 a minute: a place is its seconds. Up to ten minutes: every 10th tick at most, so the 15 s it always was.
    ['ten minutes back', 600, 60, 15_000],
    ['just past ten minutes: every 30th tick at most', 601, 60, 35_000],
    ['half an hour back', 1_800, 60, 35_000],
    ['further: every 60th at most', 1_801, 60, 65_000],
    ['a million back at 5,000 a minute', 1_000_000, 5_000, 65_000],
    ['no rate: nothing moves, the rarest band', 5, 0, 65_000],
  ])('%s: place %p at %p a minute -> %p ms', (_label, place, rate, ms) => {
    expect(silentFeedAllowanceMs(place, rate)).toBe(ms);
  });
});
