import { Module } from '@nestjs/common';
import { CancellationsModule } from '../cancellations/cancellations.module';
import { CustomersModule } from '../customers/customers.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { DonationsRepository } from './donations.repository';
import { GiftOffersRepository } from './gift-offers.repository';
import { GiftsController } from './gifts.controller';
import './gifts.errors';
import { GiftsService } from './gifts.service';
import { SystemVouchersController } from './system-vouchers.controller';
import { SystemVouchersService } from './system-vouchers.service';
import { VoucherHistoryRepository } from './voucher-history.repository';

/**
 * Gift (system) vouchers on sale, donations, a voucher's history, and the
 * customer's cancel / replacement of their own vouchers
 * (docs/vouchers-donations-waivers.md). Selling them is the orders module's one
 * commit; paying with a voucher is the payment module's.
 */
@Module({
  imports: [CustomersModule, CancellationsModule, ReservationsModule],
  controllers: [GiftsController, SystemVouchersController],
  providers: [GiftOffersRepository, DonationsRepository, VoucherHistoryRepository, GiftsService, SystemVouchersService],
  exports: [GiftOffersRepository, DonationsRepository],
})
export class GiftsModule {}
