import { channel, channelQuery, setChannel, withChannel } from '../channel';

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
