import { seatingMode, type SeatingModeInfo } from '../seating-mode';

describe('seatingMode', () => {
  it.each<[number, number, SeatingModeInfo]>([
    [
      3,
      0,
      { seatingMode: 'reserved', hasReservedSection: true, hasGASection: false, hasMultiGASections: false, isGA: 0 },
    ],
    [1, 1, { seatingMode: 'mixed', hasReservedSection: true, hasGASection: true, hasMultiGASections: false, isGA: 1 }],
    [2, 3, { seatingMode: 'mixed', hasReservedSection: true, hasGASection: true, hasMultiGASections: true, isGA: 3 }],
    [
      0,
      1,
      { seatingMode: 'singleGA', hasReservedSection: false, hasGASection: true, hasMultiGASections: false, isGA: 1 },
    ],
    [
      0,
      2,
      { seatingMode: 'multiGA', hasReservedSection: false, hasGASection: true, hasMultiGASections: true, isGA: 2 },
    ],
    [
      0,
      7,
      { seatingMode: 'multiGA', hasReservedSection: false, hasGASection: true, hasMultiGASections: true, isGA: 7 },
    ],
  ])('%p reserved + %p GA sections', (reservedSectionCount, gaSectionCount, expected) => {
    expect(seatingMode({ reservedSectionCount, gaSectionCount })).toEqual(expected);
  });

  it.each<[number, number, string]>([
    [0, 0, 'a presentation needs at least one section'],
    [-1, 1, 'reservedSectionCount must not be negative'],
    [1, 1.5, 'gaSectionCount must be a safe integer'],
    [NaN, 1, 'reservedSectionCount must be a finite number'],
  ])('rejects %p reserved + %p GA', (reservedSectionCount, gaSectionCount, message) => {
    expect(() => seatingMode({ reservedSectionCount, gaSectionCount })).toThrow(message);
  });
});
