/** The payment context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
export { PaymentAttempts } from './payment-attempts';
export { PaymentRecoveryJob } from './payment-recovery.job';
export { RegisteredInDoubtKind } from './in-doubt';
export type { ApprovedStatus, InDoubtCase, InDoubtKind, NotApprovedStatus, Resolution } from './in-doubt';
