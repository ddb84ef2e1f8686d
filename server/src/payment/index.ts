/** The payment context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
export { PaymentAttempts } from './payment-attempts';
export { PaymentRecoveryJob } from './payment-recovery.job';
/** The recovery loop's in-doubt protocol (in-doubt.ts) under one name: the kinds' bases and the step's types. */
export * as InDoubt from './in-doubt';
