import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { PaymentModule } from '../payment/payment.module';
import { SeatsModule } from '../seats/seats.module';
import { CancellationRecovery } from './cancellation-recovery';
import { CancellationRepository } from './cancellation.repository';
import { CancellationService } from './cancellation.service';
import { CancellationsController } from './cancellations.controller';
import './cancellations.errors';

/** Customer cancellations with charges and refunds (docs/customers.md). */
@Module({
  imports: [CustomersModule, PaymentModule, SeatsModule],
  controllers: [CancellationsController],
  providers: [CancellationRepository, CancellationService, CancellationRecovery],
  exports: [CancellationService, CancellationRecovery, CancellationRepository],
})
export class CancellationsModule {}
