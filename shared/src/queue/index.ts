export * from './api';
export * from './queue-place';
