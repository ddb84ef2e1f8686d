import { describe, expect, it } from '@jest/globals';
import { SeatStatus } from '@hotline/shared';
import {
  classColours,
  contrastRatio,
  DEFAULT_PALETTE,
  inkOn,
  isAvailableClass,
  isInsetClass,
  layoutSetting,
  LEGACY_PALETTE,
  MAX_PAINT_CLASSES,
  Paint,
  paintClass,
  paletteFor,
  relativeLuminance,
  seatFill,
} from '../palette';

describe('paintClass', () => {
  it('maps every status to the class the static layer draws', () => {
    expect(paintClass(SeatStatus.Available, 0)).toBe(Paint.AvailableBase);
    expect(paintClass(SeatStatus.Available, 3)).toBe(Paint.AvailableBase + 3);
    expect(paintClass(SeatStatus.OnHold, 2)).toBe(Paint.OnHold);
    expect(paintClass(SeatStatus.SingleSeatBlocked, 2)).toBe(Paint.Blocked);
    expect(paintClass(0, 2)).toBe(Paint.Unknown);
    for (const taken of [SeatStatus.Sold, SeatStatus.LockedByOther, SeatStatus.Blocked, 9, 42])
      expect(paintClass(taken, 1)).toBe(Paint.Unavailable);
  });

  it('draws our own locks (status 2) as taken: the overlay layer paints them selected', () => {
    expect(paintClass(SeatStatus.Selected, 0)).toBe(Paint.Unavailable);
  });

  it('keeps zone classes inside the class budget', () => {
    expect(paintClass(SeatStatus.Available, 500)).toBe(MAX_PAINT_CLASSES - 1);
    expect(paintClass(SeatStatus.Available, -1)).toBe(Paint.AvailableBase);
  });

  it('gives taken and blocked seats a different shape (inset), not only a colour', () => {
    expect(isInsetClass(Paint.Unavailable)).toBe(true);
    expect(isInsetClass(Paint.Blocked)).toBe(true);
    expect(isInsetClass(Paint.AvailableBase)).toBe(false);
    expect(isAvailableClass(Paint.AvailableBase + 2)).toBe(true);
    expect(isAvailableClass(Paint.OnHold)).toBe(false);
  });
});

describe('colours', () => {
  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#000')).toBeCloseTo(0, 5);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
  });

  it('darkens light zone colours until they stand out from the map (3:1) and from taken grey', () => {
    const fill = seatFill('#fde68a', DEFAULT_PALETTE);
    expect(contrastRatio(fill, DEFAULT_PALETTE.background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(fill, DEFAULT_PALETTE.unavailable)).toBeGreaterThanOrEqual(1.6);
    // Already dark enough: unchanged.
    expect(seatFill('#2563eb', DEFAULT_PALETTE)).toBe('#2563eb');
    // Garbage falls back to the first zone colour.
    expect(seatFill('not a colour', DEFAULT_PALETTE)).toBe(DEFAULT_PALETTE.zoneFallbacks[0]);
  });

  it('picks white or dark ink, whichever reads better on the fill', () => {
    expect(inkOn('#0e2340')).toBe('#ffffff');
    expect(inkOn('#ffd600')).toBe('#111827');
  });
});

describe('layouts', () => {
  it('default layout uses the ticket group colours, legacy its own fixed palette', () => {
    const zones = [
      { zoneId: 1, colour: '#DB2777' },
      { zoneId: 2, colour: '#3B82F6' },
    ];
    const def = classColours(DEFAULT_PALETTE, zones);
    const legacy = classColours(LEGACY_PALETTE, zones);
    expect(def[Paint.AvailableBase]).toBe('#db2777');
    expect(legacy[Paint.AvailableBase]).toBe(LEGACY_PALETTE.zoneFallbacks[0]!.toLowerCase());
    expect(def[Paint.Unavailable]).toBe(DEFAULT_PALETTE.unavailable);
    expect(legacy[Paint.Blocked]).toBe(LEGACY_PALETTE.blocked);
    expect(def[Paint.AvailableBase + 1]).not.toBe(def[Paint.AvailableBase]);
  });

  it('zones without a colour get distinct fallbacks', () => {
    const c = classColours(DEFAULT_PALETTE, [
      { zoneId: 1, colour: '' },
      { zoneId: 2, colour: '' },
    ]);
    expect(c[Paint.AvailableBase]).not.toBe(c[Paint.AvailableBase + 1]);
  });

  it('reads the layout setting from ?layout= first, then the host config, else default', () => {
    expect(layoutSetting('?layout=legacy', undefined)).toBe('legacy');
    expect(layoutSetting('?layout=default', { layout: 'legacy' })).toBe('default');
    expect(layoutSetting('', { layout: 'legacy' })).toBe('legacy');
    expect(layoutSetting('?layout=neon', null)).toBe('default');
    expect(paletteFor('legacy')).toBe(LEGACY_PALETTE);
    expect(paletteFor('default')).toBe(DEFAULT_PALETTE);
  });

  it('selected seats contrast with every palette background and carry a contrasting mark', () => {
    for (const p of [DEFAULT_PALETTE, LEGACY_PALETTE]) {
      expect(contrastRatio(p.selected, p.unavailable)).toBeGreaterThanOrEqual(1.5);
      expect(contrastRatio(p.selectedMark, p.selected)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.blockedMark, p.blocked)).toBeGreaterThanOrEqual(3);
    }
  });
});
