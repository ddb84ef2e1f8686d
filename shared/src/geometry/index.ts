export * from './matrix';
export * from './bounds';
export * from './section';
