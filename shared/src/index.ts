export * from './seats/seat-features';
export * from './seats/seat-status';
export * from './seats/wire';
export * from './catalogue/seatplan';
export * from './errors/error-body';
export * from './catalogue/api';
export * from './rules';
export * from './geometry';
