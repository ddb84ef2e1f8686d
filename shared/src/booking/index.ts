export * from './cart';
export * from './customer-schema';
export * from './pricing';
