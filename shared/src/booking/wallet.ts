/**
 * The spec's `paypal` on the order state (memberships-backoffice-spec.md section 7): what the wallet
 * checkout hands back when the buyer approves. `paymentId` is also sent as cart.paymentIdentifier, which is
 * what the server charges; the rest is informational (the server trusts only its own books).
 */
export interface WalletApproval {
  payerId: string;
  paymentId: string;
  token: string;
  /** Shekels, as approved on the wallet page (the commit still charges the server's own total). */
  amount: number;
  orderId: string;
}

/** Wallet payment identifiers start with this, card authorisations do not: the provider router dispatches on it. */
export const WALLET_PAYMENT_PREFIX = 'wlt_pay_';

export function isWalletPaymentIdentifier(paymentIdentifier: string | null | undefined): boolean {
  return typeof paymentIdentifier === 'string' && paymentIdentifier.startsWith(WALLET_PAYMENT_PREFIX);
}
