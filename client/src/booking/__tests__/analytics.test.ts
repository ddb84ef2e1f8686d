import {
  ecommerceEvent,
  itemsValue,
  productItems,
  pushEcommerce,
  ticketItems,
  type TicketLineInput,
} from '../analytics';

const line = (extra: Partial<TicketLineInput> = {}): TicketLineInput => ({
  presentationId: 29,
  presentationName: 'The Summer Concert',
  venue: 'Mediterranean Arena, Ashdod',
  ticketId: 358,
  ticketName: 'Regular',
  amount: 249,
  serviceCharge: 3,
  ...extra,
});

describe('analytics payloads (GA4 ecommerce, ILS)', () => {
  test('ticket items: one per show and ticket, counted, priced with the service charge', () => {
    const items = ticketItems([
      line(),
      line(),
      line({ ticketId: 359, ticketName: 'Student / Soldier', amount: 199.2 }),
    ]);
    expect(items).toEqual([
      {
        item_id: 'P29-T358',
        item_name: 'The Summer Concert',
        item_category: 'ticket',
        item_variant: 'Regular',
        item_brand: 'Mediterranean Arena, Ashdod',
        price: 252,
        quantity: 2,
      },
      {
        item_id: 'P29-T359',
        item_name: 'The Summer Concert',
        item_category: 'ticket',
        item_variant: 'Student / Soldier',
        item_brand: 'Mediterranean Arena, Ashdod',
        price: 202.2,
        quantity: 1,
      },
    ]);
  });

  test('multiply-factor sub-tickets are part of their unit, not items of their own; coupon codes are kept', () => {
    const items = ticketItems([
      line({ ticketId: 100, ticketName: 'Couple ticket', amount: 74, serviceCharge: 5 }),
      line({
        ticketId: 100,
        ticketName: 'Couple ticket',
        amount: 0,
        serviceCharge: 0,
        isMultiplyFactorSubTicket: true,
      }),
      line({ ticketId: 200, ticketName: '10% off', amount: 224.1, code: 'HOTLINE10' }),
    ]);
    expect(items.map((i) => [i.item_id, i.price, i.quantity, i.coupon])).toEqual([
      ['P29-T100', 79, 1, undefined],
      ['P29-T200', 227.1, 1, 'HOTLINE10'],
    ]);
  });

  test('products, and values added in agorot (3 × 33.30 is 99.9)', () => {
    const items = productItems([
      { id: 1, name: 'Large popcorn', price: 33.3, quantity: 3 },
      { id: 2, name: 'Soft drink', price: 14, quantity: 0 },
    ]);
    expect(items).toEqual([
      {
        item_id: 'PR1',
        item_name: 'Large popcorn',
        item_category: 'product',
        item_variant: 'Large popcorn',
        price: 33.3,
        quantity: 3,
      },
    ]);
    expect(itemsValue(items)).toBe(99.9);
  });

  test('events carry currency ILS and the value; purchase carries the transaction id', () => {
    const items = ticketItems([line()]);
    expect(ecommerceEvent('add_to_cart', items)).toEqual({
      event: 'add_to_cart',
      ecommerce: { currency: 'ILS', value: 252, items },
    });
    expect(
      ecommerceEvent('purchase', items, { transactionId: 'HL-ABC123', valueAgorot: 25700, coupon: 'HOTLINE10' }),
    ).toEqual({
      event: 'purchase',
      ecommerce: { currency: 'ILS', value: 257, items, transaction_id: 'HL-ABC123', coupon: 'HOTLINE10' },
    });
    expect(ecommerceEvent('add_payment_info', [], { valueAgorot: 100, paymentType: 'credit_card' }).ecommerce).toEqual({
      currency: 'ILS',
      value: 1,
      items: [],
      payment_type: 'credit_card',
    });
  });

  test('each push clears the previous ecommerce object first', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushEcommerce(ecommerceEvent('view_item', ticketItems([line()])), target);
    pushEcommerce(ecommerceEvent('begin_checkout', []), target);
    expect(target.dataLayer?.map((e) => (e as { event?: string }).event ?? 'clear')).toEqual([
      'clear',
      'view_item',
      'clear',
      'begin_checkout',
    ]);
    expect(target.dataLayer?.[0]).toEqual({ ecommerce: null });
  });
});
