import { MoneyAttemptInDoubt } from './money-attempt-in-doubt';
import { MoneySubjects } from './money-subjects';
import { PaymentAttempts } from './payment-attempts';
import { PaymentRecoveryJob } from './payment-recovery.job';
import { PaymentsInDoubtReading } from './payments-in-doubt.reading';
import { VoucherSaleParticipant } from './voucher-sale.participant';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CartModule } from '../cart/cart.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
import { TicketsModule } from '../tickets/tickets.module';
import { CUSTOMER_FORM, customerFormFromConfig } from './customer-form';
import { PaymentController, SandboxFormController } from './payment.controller';
import { PaymentFormService } from './payment-form.service';
import { PaymentProvider } from './payment-provider.port';
import { PaymentRouter } from './payment-router';
import { SandboxFormService } from './sandbox-form.service';
import { SandboxLedgerRepository } from './sandbox-ledger.repository';
import { SandboxPaymentProvider } from './sandbox-payment-provider';
import { VouchersRepository } from './vouchers.repository';
import { VouchersService } from './vouchers.service';
import { WalletCheckoutService } from './wallet/wallet-checkout.service';
import { SandboxWalletController, WalletController } from './wallet/wallet.controller';
import { WalletLedgerRepository } from './wallet/wallet-ledger.repository';
import { WalletSandboxProvider } from './wallet/wallet-sandbox-provider';

/**
 * Payment: vouchers, the hosted card page and the provider port (the commit
 * that turns a cart into a paid reservation is the orders module's saga). The provider is a port; the only implementation so far is
 * the SANDBOX simulation (docs/payment-sandbox.md).
 */
@Module({
  imports: [SeatsModule, CartModule, TicketsModule, ReservationsModule],
  controllers: [PaymentController, SandboxFormController, WalletController, SandboxWalletController],
  providers: [
    {
      provide: CUSTOMER_FORM,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => customerFormFromConfig(config.CUSTOMER_FORM),
    },
    VoucherSaleParticipant,
    PaymentAttempts,
    // The one recovery loop: the contexts register their in-doubt kinds with it (in-doubt.ts).
    PaymentRecoveryJob,
    // The one record of an attempt to move money: its recovery kind, and the subjects' finishers registry.
    MoneySubjects,
    MoneyAttemptInDoubt,
    // The payments-in-doubt gauges, read at each scrape (observability/).
    PaymentsInDoubtReading,
    SandboxLedgerRepository,
    SandboxFormService,
    // Card and wallet behind one port: the router sends each call to its provider (payment-router.ts).
    SandboxPaymentProvider,
    WalletLedgerRepository,
    WalletSandboxProvider,
    WalletCheckoutService,
    { provide: PaymentProvider, useClass: PaymentRouter },
    VouchersRepository,
    VouchersService,
    PaymentFormService,
  ],
  exports: [PaymentProvider, PaymentAttempts, PaymentRecoveryJob, MoneySubjects, CUSTOMER_FORM, VouchersRepository],
})
export class PaymentModule {}
