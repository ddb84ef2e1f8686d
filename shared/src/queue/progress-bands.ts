/**
 * How often a waiting page hears the queue's progress message, by how far it is from its turn (docs/waiting-room.md,
 * "Live updates"). The message is one for the whole queue (each page works out its own place from `removed`); what
 * varies is which ticks a page hears. Near the head every tick; then every `farEveryTicks`-th; pages more than ten
 * minutes from their turn every 3 x that, more than half an hour every 6 x that. The place a page shows is always
 * what the server last said (never interpolated); only its turn countdown runs down between messages, to where the
 * next one should put it (wait-countdown.ts). The longer the wait, the smaller the share of it a gap is: at the
 * defaults (120 s, 5) a gap is at most 1/24 of the wait before the page's turn (5 s at 2 minutes, 15 s at 10, 30 s
 * at 30). At a million waiting pages and 5,000 admissions a minute that is about 53,000 messages a second instead of
 * 208,000 (every 5th tick for everyone beyond the near window), docs/scaling.md.
 */
export interface ProgressBand {
  /** The band holds the places up to this many seconds of admissions at the rate (the last band: all the rest). */
  upToSeconds: number;
  /** Its pages hear every this-many-th progress message. */
  everyTicks: number;
}

/** Beyond the near window: up to ten minutes every farEveryTicks, up to half an hour 3x that, then 6x that. */
const FAR_BANDS: readonly { upToSeconds: number; times: number }[] = [
  { upToSeconds: 600, times: 1 },
  { upToSeconds: 1_800, times: 3 },
  { upToSeconds: Number.POSITIVE_INFINITY, times: 6 },
];

/** The most `farEveryTicks` may be (the server's QUEUE_FAR_EVERY_TICKS): the page's silence allowance assumes it. */
export const MAX_FAR_EVERY_TICKS = 10;

/**
 * The bands, nearest first. `nearSeconds` (QUEUE_NEAR_SECONDS): the near window, every tick. `farEveryTicks`
 * (QUEUE_FAR_EVERY_TICKS): 1 = every page every tick (one band). A near window wider than a far band's bound leaves
 * that band empty; it is kept so a band's index means the same at every setting.
 */
export function progressBands(nearSeconds: number, farEveryTicks: number): ProgressBand[] {
  const every = Math.max(1, Math.floor(farEveryTicks));
  if (every === 1) return [{ upToSeconds: Number.POSITIVE_INFINITY, everyTicks: 1 }];
  const near = Math.max(0, nearSeconds);
  return [
    { upToSeconds: near, everyTicks: 1 },
    ...FAR_BANDS.map((b) => ({ upToSeconds: Math.max(near, b.upToSeconds), everyTicks: every * b.times })),
  ];
}

/**
 * How many places band `band` reaches at `admitPerMinute`: a page is in the first band whose reach is at least its
 * place (place 1 = next). Rounded up: a boundary errs near. A zero rate reaches no place (every page with a place is
 * then in the last band: nothing moves, nothing to say often).
 */
export function bandReach(band: ProgressBand, admitPerMinute: number): number {
  if (band.upToSeconds === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  return Math.ceil((Math.max(0, admitPerMinute) / 60) * band.upToSeconds);
}

/** The index of the band of a page at `place` (null: no place, admitted or outside: the nearest band). */
export function progressBandOf(bands: readonly ProgressBand[], place: number | null, admitPerMinute: number): number {
  if (place === null) return 0;
  const index = bands.findIndex((b) => place <= bandReach(b, admitPerMinute));
  return index === -1 ? bands.length - 1 : index;
}

/**
 * The longest the waiting page at `place` may go without a progress message from a working feed, whatever the
 * server's settings (the near window at its narrowest, QUEUE_FAR_EVERY_TICKS at its most, one tick a second): the
 * page waits that long before it falls back to asking for its standing. The band a page is in on the server only
 * moves nearer, and a page moved nearer hears the message that moves it, so the gap after a message heard at this
 * place is at most this. A page that knows no place (before the start) may be in any band: the farthest's gap.
 */
export function longestProgressGapMs(place: number | null, admitPerMinute: number): number {
  const bands = progressBands(0, MAX_FAR_EVERY_TICKS);
  // No place known to the page (the pre-queue: the server places it by a lower bound of its number): any band.
  const band = place === null ? bands.length - 1 : progressBandOf(bands, place, admitPerMinute);
  return bands[band]!.everyTicks * 1_000;
}
