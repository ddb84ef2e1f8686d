import type { SandboxOutcome } from './sandbox-ledger.repository';

/**
 * The SANDBOX's test cards (docs/payment-sandbox.md). The simulation accepts
 * these numbers only, so a real card typed in by mistake is refused at once
 * rather than looking as if it had been charged.
 */
export const SANDBOX_TEST_CARDS: { number: string; outcome: SandboxOutcome }[] = [
  { number: '4580000000000000', outcome: 'approve' },
  { number: '4000000000000002', outcome: 'decline' },
  { number: '4000000000009995', outcome: 'insufficient_funds' },
  { number: '4000000000000119', outcome: 'timeout' },
];

export function sandboxOutcomeOf(cardNumber: string): SandboxOutcome | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return SANDBOX_TEST_CARDS.find((c) => c.number === digits)?.outcome ?? null;
}

/** "4580 0000 0000 0000" for display. */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
