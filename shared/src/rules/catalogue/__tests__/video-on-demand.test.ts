import {
  presentationsToRemoveOnSelect,
  isSingleEventVideoOnDemand,
  isVideoOnDemand,
  venueTypeOfWatching,
  watchingOfVenueType,
} from '../video-on-demand';

describe('video-on-demand venue types', () => {
  it.each([
    [0, false, false],
    [1, false, false],
    [100, false, false],
    [101, true, true],
    [102, true, true],
    [103, true, false],
    [104, true, false],
    [105, false, false],
    [-101, false, false],
  ])('venue type %p: video-on-demand %p, one event per cart %p', (venueTypeId, vod, singleEvent) => {
    expect(isVideoOnDemand(venueTypeId)).toBe(vod);
    expect(isSingleEventVideoOnDemand(venueTypeId)).toBe(singleEvent);
  });

  it.each<[unknown, string]>([
    [101.5, 'venueTypeId must be a safe integer'],
    [NaN, 'venueTypeId must be a finite number'],
    ['101', 'venueTypeId must be a number'],
  ])('rejects %p', (venueTypeId, message) => {
    expect(() => isVideoOnDemand(venueTypeId as number)).toThrow(message);
    expect(() => isSingleEventVideoOnDemand(venueTypeId as number)).toThrow(message);
  });
});

describe('presentationsToRemoveOnSelect', () => {
  const show = (id: number, venueTypeId = 1) => ({ id, venueTypeId });
  it.each<[string, { id: number; venueTypeId: number }[], { id: number; venueTypeId: number }, number[]]>([
    ['an empty cart', [], show(1), []],
    ['two physical shows share a cart', [show(1), show(2)], show(2), []],
    ['a single-event VOD (101) takes the cart alone', [show(1), show(2), show(3, 101)], show(3, 101), [1, 2]],
    ['102 too', [show(1), show(4, 102)], show(4, 102), [1]],
    ['a physical show pushes out a single-event VOD', [show(3, 101), show(1)], show(1), [3]],
    ['103 and 104 are VOD that may share a cart', [show(1), show(5, 103), show(6, 104)], show(6, 104), []],
    ['another seat of the same VOD keeps it', [show(3, 101)], show(3, 101), []],
  ])('%s', (_label, inCart, selected, expected) => {
    expect(presentationsToRemoveOnSelect(inCart, selected)).toEqual(expected);
  });
});

describe('venueTypeOfWatching / watchingOfVenueType', () => {
  it.each<[null | 'sold-alone' | 'shared-cart', number]>([
    [null, 1],
    ['sold-alone', 101],
    ['shared-cart', 103],
  ])('%s is venue type %i and back', (kind, venueTypeId) => {
    expect(venueTypeOfWatching(kind)).toBe(venueTypeId);
    expect(watchingOfVenueType(venueTypeId)).toBe(kind);
  });
  it.each<[number, null | 'sold-alone' | 'shared-cart']>([
    [102, 'sold-alone'],
    [104, 'shared-cart'],
    [2, null],
  ])('venue type %i reads as %s', (venueTypeId, kind) => {
    expect(watchingOfVenueType(venueTypeId)).toBe(kind);
  });
});
