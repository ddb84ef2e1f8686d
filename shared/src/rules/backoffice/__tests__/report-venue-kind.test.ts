import { reportVenueKind } from '../report-venue-kind';

describe('reportVenueKind', () => {
  it.each([
    [['cinema'], 'cinema'],
    [['cinema', 'cinema'], 'cinema'],
    [['stadium'], 'stadium'],
    [['arena', 'arena'], 'arena'],
    [['hall'], 'hall'],
    [['cinema', 'hall'], 'mixed'],
    [['arena', 'stadium', 'arena'], 'mixed'],
    [[], 'mixed'],
  ] as const)('%j -> %s', (kinds, kind) => {
    expect(reportVenueKind(kinds)).toBe(kind);
  });
});
