export * from './seat-swap';
export * from './swap-target';
export * from './part-of-day';
export * from './best-available-ga';
export * from './wire';
export * from './modification-tickets';
