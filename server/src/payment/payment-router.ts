import { Injectable } from '@nestjs/common';
import { isWalletPaymentIdentifier, WALLET_PAYMENT_PREFIX } from '@hotline/shared';
import {
  PaymentProvider,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type PaymentFormRequest,
  type RefundRequest,
  type RefundResult,
} from './payment-provider.port';
import { SandboxPaymentProvider } from './sandbox-payment-provider';
import { WalletSandboxProvider } from './wallet/wallet-sandbox-provider';

/** Wallet capture references start with this (wallet-ledger.repository.ts). */
const WALLET_REFERENCE_PREFIX = 'wlt_cap_';

/**
 * The PaymentProvider the commit saga, the recovery job and cancellations talk
 * to: it sends each call to the card provider or the wallet provider. So a wallet
 * payment goes through exactly the card's path (the cart's money attempt, idempotency key
 * `<cart>:<paymentIdentifier>`, charged -> sold | refund, recovery by status(key))
 * with no wallet-specific branch anywhere in orders/. Dispatch is by what each
 * call already carries: the payment identifier (charge), the idempotency key that
 * contains it (status), the provider reference (refund).
 */
@Injectable()
export class PaymentRouter extends PaymentProvider {
  readonly name: string;
  readonly isSimulation: boolean;

  constructor(
    private readonly card: SandboxPaymentProvider,
    private readonly wallet: WalletSandboxProvider,
  ) {
    super();
    this.name = card.name;
    this.isSimulation = card.isSimulation || wallet.isSimulation;
  }

  override nameFor(paymentIdentifier: string | null | undefined): string {
    return isWalletPaymentIdentifier(paymentIdentifier) ? this.wallet.name : this.card.name;
  }

  createPaymentForm(request: PaymentFormRequest): Promise<{ path: string }> {
    return this.card.createPaymentForm(request);
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.of(isWalletPaymentIdentifier(request.paymentIdentifier)).charge(request);
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.of(request.providerReference.startsWith(WALLET_REFERENCE_PREFIX)).refund(request);
  }

  status(idempotencyKey: string): Promise<ChargeStatus> {
    return this.of(idempotencyKey.includes(`:${WALLET_PAYMENT_PREFIX}`)).status(idempotencyKey);
  }

  private of(wallet: boolean): PaymentProvider {
    return wallet ? this.wallet : this.card;
  }
}
