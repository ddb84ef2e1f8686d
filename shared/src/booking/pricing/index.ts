export * from './cart-line';
export * from './voucher-allocation';
export * from './price-cart';
