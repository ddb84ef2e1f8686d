import { channel, channelQuery, restrictToAllocation, setChannel, withChannel } from '../channel';

describe('storefront channel', () => {
  afterEach(() => setChannel({ miniSiteUrl: null, domain: null, integrationId: null }));

  test('outside a channel no call gets parameters', () => {
    expect(channelQuery('/presentations/')).toEqual({});
  });

  test.each<[string, Record<string, string>]>([
    ['/features/', { miniSiteUrl: 'acme', domain: 'PRES-live' }],
    ['/presentations/', { miniSiteUrl: 'acme', domain: 'PRES-live' }],
    ['/presentations/5/ticketGroups', { miniSiteUrl: 'acme', domain: 'PRES-live', integrationId: 'id-1' }],
    ['/seats/seats-status', { miniSiteUrl: 'acme', domain: 'PRES-live' }],
    ['/payment/commit', {}],
    ['/mini-site/acme', {}],
    ['/customer/refresh', {}],
  ])('in a channel, %s gets %p', (path, expected) => {
    setChannel({ miniSiteUrl: 'acme', domain: 'PRES-live', integrationId: 'id-1' });
    expect(channelQuery(path)).toEqual(expected);
  });

  test('the commit cart carries the channel; the cart’s own values win', () => {
    setChannel({ miniSiteUrl: 'acme', integrationId: 'id-1' });
    expect(withChannel({ seats: [] })).toEqual(
      expect.objectContaining({ miniSiteUrl: 'acme', integrationId: 'id-1', domain: null }),
    );
    expect(withChannel({ seats: [], miniSiteUrl: 'other' }).miniSiteUrl).toBe('other');
    expect(channel().miniSiteUrl).toBe('acme');
  });
});

describe('restrictToAllocation', () => {
  afterEach(() => setChannel({ miniSiteUrl: null, domain: null, integrationId: null }));
  const free = [1, 1, 5, 2, -1, 3, 1] as const;
  const allocated = [1, 1, 5, 2, 1, 3, 1] as const;

  test('public tab: rows pass unchanged', () => {
    expect(restrictToAllocation(free)).toBe(free);
  });

  test('mini-site or live domain: a free seat without an allocation is blocked; an allocated one stays free', () => {
    for (const c of [{ miniSiteUrl: 'acme' }, { domain: 'PRES-live' }]) {
      setChannel({ miniSiteUrl: null, domain: null, ...c });
      expect(restrictToAllocation(free)[6]).toBe(6);
      expect(restrictToAllocation(allocated)).toBe(allocated);
    }
  });
});
