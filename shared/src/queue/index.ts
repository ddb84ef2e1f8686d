export * from './api';
export * from './queue-place';
export * from './on-sale-settings';
export * from './wait-countdown';
export * from './control-room';
export * from './progress-bands';
