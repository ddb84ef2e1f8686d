import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { CustomersModule } from '../customers/customers.module';
import { PaymentModule } from '../payment/payment.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
import { OrderChangesController, StaffOrderChangesController } from './order-changes.controller';
import { OrderChangeInDoubt } from './order-change-in-doubt';
import { OrderChangesRepository } from './order-changes.repository';
import { OrderChangesService } from './order-changes.service';

/** Changing the seats of an existing paid order, for its buyer and for staff (docs/order-changes.md). */
@Module({
  imports: [SeatsModule, CustomersModule, BackOfficeModule, PaymentModule, ReservationsModule],
  controllers: [OrderChangesController, StaffOrderChangesController],
  providers: [OrderChangesRepository, OrderChangesService, OrderChangeInDoubt],
})
export class OrderChangesModule {}
