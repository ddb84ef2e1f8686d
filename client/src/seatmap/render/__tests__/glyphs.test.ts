import { describe, expect, it } from '@jest/globals';
import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import { featureMask } from '../../model/features';
import { FEATURE_GLYPHS, GLYPH_PATHS, glyphForFeature, glyphIdForMask, glyphList } from '../glyphs';

describe('feature glyphs', () => {
  it('has a glyph for every feature a visitor must know about', () => {
    for (const code of [
      F.isHandicap,
      F.isCompanion,
      F.isLimitedView,
      F.isPremium,
      F.isKidsSeat,
      F.isHeated,
      F.isBoatSeat,
      F.isTableSeat,
      F.isCouch,
      F.isBedSeat,
    ]) {
      expect(glyphForFeature(code)).not.toBeNull();
    }
    expect(glyphForFeature(F.isLeftSeat)).toBeNull();
  });

  it('shows the most important feature when a seat has several', () => {
    const names = glyphList();
    expect(names[glyphIdForMask(featureMask([F.isPremium, F.isHandicap]))]).toBe('wheelchair');
    expect(names[glyphIdForMask(featureMask([F.isLimitedView, F.isPremium]))]).toBe('limitedView');
    expect(glyphIdForMask(0)).toBe(-1);
    expect(glyphIdForMask(featureMask([F.isLeftSeat]))).toBe(-1);
  });

  it('draws no glyph on couch seats (their outline says it) unless asked', () => {
    const couch = featureMask([F.isCouch]);
    expect(glyphIdForMask(couch)).toBe(-1);
    expect(glyphList()[glyphIdForMask(couch, true)]).toBe('couch');
  });

  it('every glyph is a single SVG path inside the 24-unit box', () => {
    for (const [name, d] of Object.entries(GLYPH_PATHS)) {
      expect(d).toMatch(/^M/);
      const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
      expect(numbers.every((n) => n >= -24 && n <= 24)).toBe(true);
      expect(name.length).toBeGreaterThan(0);
    }
    expect(new Set(FEATURE_GLYPHS.map((g) => g.code)).size).toBe(FEATURE_GLYPHS.length);
  });
});
