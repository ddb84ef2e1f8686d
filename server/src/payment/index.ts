/** The payment context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
export { PaymentAttempts } from './payment-attempts';
