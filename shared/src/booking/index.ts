export * from './cart';
export * from './customer-schema';
