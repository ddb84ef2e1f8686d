import { channelQuotaClaims, channelQuotaLeft, type ChannelQuotas } from '../channel-quota';

const quotas: Record<number, ChannelQuotas> = {
  1: { web: 10, 'box-office': 5 },
  2: { 'mini-site': 0 },
  3: {},
};
const of = (id: number) => quotas[id];
const seats = (...ids: number[]) => ids.map((presentationId) => ({ presentationId }));

describe('channelQuotaClaims', () => {
  it.each<[string, Parameters<typeof channelQuotaClaims>[0], number[], ReturnType<typeof channelQuotaClaims>]>([
    ['a web order on a date with a web quota', 'web', [1, 1], [{ presentationId: 1, channel: 'web', seats: 2 }]],
    [
      'the box office takes from its own quota',
      'box-office',
      [1],
      [{ presentationId: 1, channel: 'box-office', seats: 1 }],
    ],
    ['a channel the date does not name takes nothing', 'partner', [1, 1, 1], []],
    ['a date without quotas takes nothing', 'web', [3, 3], []],
    ['an unknown date takes nothing', 'web', [9], []],
    ['a quota of zero is still a quota', 'mini-site', [2], [{ presentationId: 2, channel: 'mini-site', seats: 1 }]],
    ['several dates, in date order', 'web', [3, 1, 2, 1], [{ presentationId: 1, channel: 'web', seats: 2 }]],
    ['no seats, no claims', 'web', [], []],
  ])('%s', (_name, channel, ids, expected) => {
    expect(channelQuotaClaims(channel, seats(...ids), of)).toEqual(expected);
  });

  it('orders claims by date whatever the seat order', () => {
    const many = { 4: { web: 1 }, 7: { web: 1 }, 5: { web: 1 } } as Record<number, ChannelQuotas>;
    expect(channelQuotaClaims('web', seats(7, 4, 5, 7), (id) => many[id]).map((c) => c.presentationId)).toEqual([
      4, 5, 7,
    ]);
  });
});

describe('channelQuotaLeft', () => {
  it.each<[string, number, number, number]>([
    ['nothing sold', 10, 0, 10],
    ['the last seat', 10, 9, 1],
    ['all sold', 10, 10, 0],
    ['a lowered quota below what was sold', 5, 8, 0],
  ])('%s', (_name, quota, sold, left) => {
    expect(channelQuotaLeft(quota, sold)).toBe(left);
  });
});
