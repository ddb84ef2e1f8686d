/** The payment context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
export { PaymentAttempts } from './payment-attempts';
export { PaymentRecoveryJob } from './payment-recovery.job';
/** The recovery loop's in-doubt protocol (in-doubt.ts) under one name: the kinds' bases and the step's types. */
export * as InDoubt from './in-doubt';
// What a context registers for the things it moves money for (the one money_attempt recovery kind asks it).
export { MoneySubjects, RegisteredMoneySubject } from './money-subjects';
// The payment provider port the commit and a hold's payment charge through.
export { PaymentProvider } from './payment-provider.port';
// Pricing: the one price calculation a quote runs, its results, and the vouchers-per-order limit gifts sells under.
export { MAX_VOUCHERS_PER_ORDER, priceOrder } from './pricing';
export type { DonationSale, PricedLine, PricedOrder, PricingSeat, Quote, VoucherSale } from './pricing';
// The commit's request body, and the configured customer form a quote checks the buyer's details against.
export { commitBody } from './payment.queries';
export type { CommitBody } from './payment.queries';
export { CUSTOMER_FORM } from './customer-form';
// Vouchers paying an order: lookup and the usability and location checks.
export { VouchersRepository } from './vouchers.repository';
export { assertPaysAt, assertUsable } from './vouchers.service';
// The demo vouchers the demo seed writes.
export { seedDemoVouchers } from './demo-vouchers';
