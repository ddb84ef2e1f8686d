import { Module } from '@nestjs/common';
import { StaffIdentityModule } from '../backoffice/staff-identity.module';
import { CartModule } from '../cart/cart.module';
import { ChannelsModule } from '../channels/channels.module';
import { GiftsModule } from '../gifts/gifts.module';
import { HoldsModule } from '../holds/holds.module';
import { WaiversModule } from '../waivers/waivers.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { PaymentModule } from '../payment/payment.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
import { TicketsModule } from '../tickets/tickets.module';
import { ReferenceEligibility } from '../ticket-references';
import { CommitController } from './commit.controller';
import { CardlessCommitInDoubt } from './cardless-commit-in-doubt';
import { CartMoneySubject } from './cart-money-subject';
import { CommitOrchestrator } from './commit.orchestrator';
import { OrdersRepository } from './orders.repository';
import { ProducerSaleAuthority } from './producer-sale';
import { QuoteService } from './quote.service';
import { ChannelCheck } from './channel-check';
import { ChannelSaleParticipant } from './channel-sale.participant';
import { SettlementService } from './settlement.service';

/**
 * Orders: the commit as a saga (quote -> charge -> sale | refund), the cart as a subject of the one money-attempt
 * recovery kind, which finishes what a dead node left (docs/booking.md).
 * Payment keeps the provider port, vouchers and the card page.
 */
@Module({
  imports: [
    SeatsModule,
    CartModule,
    TicketsModule,
    ReservationsModule,
    PaymentModule,
    GiftsModule,
    WaiversModule,
    StaffIdentityModule,
    MembershipsModule,
    ChannelsModule,
    HoldsModule,
  ],
  controllers: [CommitController],
  providers: [
    QuoteService,
    ChannelCheck,
    ChannelSaleParticipant,
    SettlementService,
    CommitOrchestrator,
    OrdersRepository,
    CartMoneySubject,
    CardlessCommitInDoubt,
    ProducerSaleAuthority,
    ReferenceEligibility,
  ],
  exports: [CommitOrchestrator, SettlementService],
})
export class OrdersModule {}
