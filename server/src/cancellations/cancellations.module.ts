import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { PaymentModule } from '../payment/payment.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
import { CancellationInDoubt } from './cancellation-in-doubt';
import { CancellationMoneySubject } from './cancellation-money-subject';
import { CancellationRepository } from './cancellation.repository';
import { CancellationService } from './cancellation.service';
import { CancellationsController } from './cancellations.controller';
import './cancellations.errors';

/** Customer cancellations with charges and refunds (docs/customers.md). */
@Module({
  imports: [CustomersModule, PaymentModule, ReservationsModule, SeatsModule],
  controllers: [CancellationsController],
  providers: [CancellationRepository, CancellationService, CancellationInDoubt, CancellationMoneySubject],
  exports: [CancellationService, CancellationRepository],
})
export class CancellationsModule {}
