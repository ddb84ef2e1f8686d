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
import { SandboxFormService } from './sandbox-form.service';
import { SandboxLedgerRepository } from './sandbox-ledger.repository';
import { SandboxPaymentProvider } from './sandbox-payment-provider';
import { VouchersRepository } from './vouchers.repository';
import { VouchersService } from './vouchers.service';

/**
 * Payment: vouchers, the hosted card page and the provider port (the commit
 * that turns a cart into a paid reservation is the orders module's saga). The provider is a port; the only implementation so far is
 * the SANDBOX simulation (docs/payment-sandbox.md).
 */
@Module({
  imports: [SeatsModule, CartModule, TicketsModule, ReservationsModule],
  controllers: [PaymentController, SandboxFormController],
  providers: [
    {
      provide: CUSTOMER_FORM,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => customerFormFromConfig(config.CUSTOMER_FORM),
    },
    SandboxLedgerRepository,
    SandboxFormService,
    { provide: PaymentProvider, useClass: SandboxPaymentProvider },
    VouchersRepository,
    VouchersService,
    PaymentFormService,
  ],
  exports: [PaymentProvider, CUSTOMER_FORM, VouchersRepository],
})
export class PaymentModule {}
