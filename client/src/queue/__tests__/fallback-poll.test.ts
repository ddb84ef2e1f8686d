import { describe, expect, it } from '@jest/globals';
import { fallbackPollDue } from '../fallback-poll';

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
