import { ReservationsModule } from '../reservations/reservations.module';
import { CouponSaleParticipant } from './coupon-sale.participant';
import { ProductSaleParticipant } from './product-sale.participant';
import { ChannelQuotaSaleParticipant } from './channel-quota-sale.participant';
import { Module } from '@nestjs/common';
import { CartModule } from '../cart/cart.module';
import { ChannelsModule } from '../channels/channels.module';
import { SeatsModule } from '../seats/seats.module';
import { TicketByCodeService } from './ticket-by-code.service';
import { TicketsController } from './tickets.controller';
import { TicketsRepository } from './tickets.repository';

/** Coupon and voucher tickets by code, and the price list the commit reprices from. */
@Module({
  imports: [SeatsModule, CartModule, ChannelsModule, ReservationsModule],
  controllers: [TicketsController],
  providers: [
    TicketsRepository,
    TicketByCodeService,
    CouponSaleParticipant,
    ProductSaleParticipant,
    ChannelQuotaSaleParticipant,
  ],
  exports: [TicketsRepository],
})
export class TicketsModule {}
