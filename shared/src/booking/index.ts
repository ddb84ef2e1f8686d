export * from './cart';
export * from './customer-schema';
export * from './pricing';
export * from './gifts';
export * from './customer-form-for-kind';
export * from './waiver';
export * from './wallet';
export * from './holds';
