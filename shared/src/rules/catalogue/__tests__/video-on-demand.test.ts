import { isSingleEventVideoOnDemand, isVideoOnDemand } from '../video-on-demand';

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
