import { describe, expect, it } from '@jest/globals';
import { SEAT_FEATURE_CODES as F, SeatStatus } from '@hotline/shared';
import en from '../../../i18n/locales/en.json';
import he from '../../../i18n/locales/he.json';
import {
  asTranslate,
  describeSeat,
  featureLabels,
  formatCountdown,
  seatName,
  seatState,
  selectionAnnouncement,
  type Translate,
} from '../describe';

/** A tiny i18next stand-in over a locale file: nested keys, {{var}} interpolation, _one/_other plurals. */
function translator(
  bundle: Record<string, unknown>,
  plural: (n: number) => string = (n) => (n === 1 ? 'one' : 'other'),
): Translate {
  const lookup = (key: string): string | undefined => {
    let node: unknown = bundle;
    for (const part of key.split('.'))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  return (key, options = {}) => {
    const count = options.count;
    const text = (typeof count === 'number' ? lookup(`${key}_${plural(count)}`) : undefined) ?? lookup(key) ?? key;
    return text.replace(/{{(\w+)}}/g, (_, name: string) => String(options[name] ?? ''));
  };
}

const t = translator(en);
const seat = {
  section: 'Lower tier 101',
  row: '5',
  seat: '12',
  state: 'available' as const,
  group: 'Standard',
  price: '₪42.00',
  features: [F.isHandicap, F.isLeftSeat, F.isLimitedView],
};

describe('seatState', () => {
  it('reads status codes the way the spec defines them, with our own selection first', () => {
    expect(seatState(SeatStatus.Available, false)).toBe('available');
    expect(seatState(SeatStatus.Selected, false)).toBe('selected');
    expect(seatState(SeatStatus.LockedByOther, true)).toBe('selected');
    expect(seatState(SeatStatus.OnHold, false)).toBe('onHold');
    expect(seatState(SeatStatus.SingleSeatBlocked, false)).toBe('blocked');
    expect(seatState(SeatStatus.Sold, false)).toBe('unavailable');
    expect(seatState(0, false)).toBe('unknown');
  });
});

describe('describeSeat', () => {
  it('says where, state, price and features, in that order (left/middle/right flags are silent)', () => {
    expect(describeSeat(seat, t)).toBe(
      'Lower tier 101, Row 5, seat 12, Available, Standard, ₪42.00, Wheelchair space, Limited view',
    );
    expect(featureLabels([F.isMiddleSeat, F.isRightSeat], t)).toEqual([]);
  });

  it('leaves the price out for seats that cannot be bought, and the section when the grid already says it', () => {
    expect(describeSeat({ ...seat, state: 'unavailable', features: [] }, t, false)).toBe('Row 5, seat 12, Taken');
    expect(describeSeat({ ...seat, state: 'blocked', features: [] }, t, false)).toBe(
      'Row 5, seat 12, Unavailable: it would leave a single empty seat',
    );
  });

  it('copes with seats that have no row name (standing places)', () => {
    expect(seatName({ row: '', seat: '7' }, t)).toBe('Seat 7');
  });

  it('speaks Hebrew from the Hebrew file', () => {
    const th = translator(he, (n) => (n === 1 ? 'one' : n === 2 ? 'two' : 'other'));
    expect(describeSeat({ ...seat, section: 'יציע 101', group: 'רגיל', features: [F.isHandicap] }, th)).toBe(
      'יציע 101, שורה 5, כיסא 12, פנוי, רגיל, ₪42.00, מקום לכיסא גלגלים',
    );
  });
});

describe('selectionAnnouncement', () => {
  it('announces the seats and the running total after selecting', () => {
    expect(selectionAnnouncement('selected', [seat], t, { count: 2, total: '₪84.00' })).toBe(
      'Selected: Lower tier 101 Row 5, seat 12. 2 seats selected, total ₪84.00.',
    );
    expect(selectionAnnouncement('unselected', [seat], t, { count: 0, total: '₪0.00' })).toBe(
      'Removed: Lower tier 101 Row 5, seat 12. No seats selected.',
    );
  });

  it('announces refused locks with the server message', () => {
    expect(selectionAnnouncement('lockFailed', [seat], t, { message: 'The seat is no longer available.' })).toBe(
      'Could not hold Lower tier 101 Row 5, seat 12: The seat is no longer available.',
    );
  });

  it('names both seats of a couch', () => {
    const b = { ...seat, seat: '13' };
    expect(selectionAnnouncement('expired', [seat, b], t)).toBe(
      'Your hold ended for Lower tier 101 Row 5, seat 12; Lower tier 101 Row 5, seat 13.',
    );
  });
});

describe('helpers', () => {
  it('formats the countdown as m:ss and never below zero', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61.9)).toBe('1:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('wraps any t-like function', () => {
    const calls: unknown[] = [];
    const tr = asTranslate((k: string, o: unknown) => {
      calls.push([k, o]);
      return 42;
    });
    expect(tr('a.b')).toBe('42');
    expect(calls).toEqual([['a.b', {}]]);
  });
});
