import { membershipPriceFrom, type PriceFromFacts } from '../membership-price-from';

const show = (presentationId: number, payableAgorot: number, isRequired = false) => ({
  presentationId,
  payableAgorot,
  isRequired,
});
const facts = (over: Partial<PriceFromFacts>): PriceFromFacts => ({
  pricingPerTicket: false,
  rates: [],
  presentations: [],
  overrides: [],
  ...over,
});

describe('membershipPriceFrom', () => {
  it.each<[string, Partial<PriceFromFacts>, number | null]>([
    [
      'fixed price: the cheapest rate',
      {
        rates: [
          { priceAgorot: 30000, isTopup: false },
          { priceAgorot: 24000, isTopup: false },
        ],
      },
      24000,
    ],
    [
      'a top-up is not a way in',
      {
        rates: [
          { priceAgorot: 30000, isTopup: false },
          { priceAgorot: 5000, isTopup: true },
        ],
      },
      30000,
    ],
    ['no rate: no price', { rates: [] }, null],
    [
      'per show (the demo flexible season): its one required show',
      {
        pricingPerTicket: true,
        rates: [{ priceAgorot: 0, isTopup: false }],
        presentations: [show(1, 6000, true), show(2, 6000), show(3, 6000)],
        overrides: [{ presentationId: 2, priceAgorot: 4500 }],
      },
      6000,
    ],
    [
      'per show: every required show, each at its lowest',
      {
        pricingPerTicket: true,
        presentations: [show(1, 6000, true), show(2, 6000, true)],
        overrides: [{ presentationId: 2, priceAgorot: 4500 }],
      },
      10500,
    ],
    [
      'per show, none required: the cheapest single show',
      {
        pricingPerTicket: true,
        presentations: [show(1, 6000), show(2, 7000)],
        overrides: [{ presentationId: 2, priceAgorot: 4500 }],
      },
      4500,
    ],
    ['per show without shows: no price', { pricingPerTicket: true }, null],
  ])('%s', (_name, over, expected) => {
    expect(membershipPriceFrom(facts(over))).toBe(expected);
  });
});
