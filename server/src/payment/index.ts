/** The payment context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
export { PaymentAttempts } from './payment-attempts';
export { PaymentRecoveryJob } from './payment-recovery.job';
export { ChargeInDoubtKind, IdempotentStepKind } from './in-doubt';
export type { ApprovedStatus, NotApprovedStatus, Resolution } from './in-doubt';
