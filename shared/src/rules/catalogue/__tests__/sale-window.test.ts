import type { CouponChannel } from '../coupon-terms';
import { saleWindowIsValid, saleWindowRefusal, saleWindowState, type SaleWindow } from '../sale-window';

const at = (iso: string) => new Date(iso);
const now = at('2027-03-10T12:00:00Z');
const none: SaleWindow = { opensAt: null, closesAt: null };

describe('saleWindowState', () => {
  it.each<[string, Partial<SaleWindow>, string]>([
    ['no window: open', {}, 'open'],
    ['opens a second later', { opensAt: at('2027-03-10T12:00:01Z') }, 'notYet'],
    ['opens is inclusive', { opensAt: now }, 'open'],
    ['closes is exclusive', { closesAt: now }, 'closed'],
    ['closes a second later', { closesAt: at('2027-03-10T12:00:01Z') }, 'open'],
    ['inside both', { opensAt: at('2027-03-01T00:00Z'), closesAt: at('2027-04-01T00:00Z') }, 'open'],
    ['after both', { opensAt: at('2027-02-01T00:00Z'), closesAt: at('2027-03-01T00:00Z') }, 'closed'],
    ['before both', { opensAt: at('2027-04-01T00:00Z'), closesAt: at('2027-05-01T00:00Z') }, 'notYet'],
  ])('%s', (_name, window, expected) => {
    expect(saleWindowState({ ...none, ...window }, now)).toBe(expected);
  });
});

describe('saleWindowRefusal', () => {
  const before: SaleWindow = { opensAt: at('2027-04-01T00:00Z'), closesAt: null };
  const after: SaleWindow = { opensAt: null, closesAt: at('2027-03-01T00:00Z') };
  it.each<[string, SaleWindow, CouponChannel, string | null]>([
    ['web before the window', before, 'web', 'SALES_NOT_OPEN'],
    ['web after the window', after, 'web', 'SALES_CLOSED'],
    ['mini-site after the window', after, 'mini-site', 'SALES_CLOSED'],
    ['partner before the window', before, 'partner', 'SALES_NOT_OPEN'],
    ['box office before the window', before, 'box-office', null],
    ['box office after the window', after, 'box-office', null],
    ['web with no window', none, 'web', null],
  ])('%s', (_name, window, channel, expected) => {
    expect(saleWindowRefusal(window, { now, channel })).toBe(expected);
  });
});

describe('saleWindowIsValid', () => {
  it.each<[string, Partial<SaleWindow>, boolean]>([
    ['none', {}, true],
    ['only opens', { opensAt: now }, true],
    ['only closes', { closesAt: now }, true],
    ['closes after opens', { opensAt: now, closesAt: at('2027-03-10T12:00:01Z') }, true],
    ['closes at opens', { opensAt: now, closesAt: now }, false],
    ['closes before opens', { opensAt: now, closesAt: at('2027-03-10T11:00Z') }, false],
  ])('%s', (_name, window, expected) => {
    expect(saleWindowIsValid({ ...none, ...window })).toBe(expected);
  });
});
