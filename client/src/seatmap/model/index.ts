/** Seat-map model: plain TypeScript, no React, no Konva. See each module's header for the why. */
export * from './seat-store';
export * from './features';
export * from './dirty';
export * from './spatial-index';
export * from './viewport';
export * from './status-sync';
export * from './selection';
export * from './keyboard-nav';
export * from './batches';
