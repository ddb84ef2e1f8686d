import { ReservationsModule } from '../reservations/reservations.module';
import { MembershipSaleParticipant } from './membership-sale.participant';
import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { SeatsModule } from '../seats/seats.module';
import { TicketsModule } from '../tickets/tickets.module';
import { MembershipDiscountController } from './membership-discount.controller';
import { MembershipDiscountRepository } from './membership-discount.repository';
import { MembershipDiscountService } from './membership-discount.service';
import { MembershipQuoteService } from './membership-quote.service';
import { MembershipsController } from './memberships.controller';
import './memberships.errors';
import { MembershipsRepository } from './memberships.repository';
import { MembershipsService } from './memberships.service';

/**
 * Memberships and season enrolment (docs/memberships.md): the list and detail, membership and enrolment seat locks
 * (one atomic multi-presentation script in seats/), member lookups, and the quote of membership and member-ticket
 * orders that the orders module's one commit calls. MembershipsService.hasActiveMembership is for hold orders.
 */
@Module({
  imports: [SeatsModule, CustomersModule, NotificationsModule, TicketsModule, ReservationsModule],
  controllers: [MembershipsController, MembershipDiscountController],
  providers: [
    MembershipsRepository,
    MembershipsService,
    MembershipQuoteService,
    MembershipDiscountRepository,
    MembershipDiscountService,
    MembershipSaleParticipant,
  ],
  exports: [MembershipsService, MembershipQuoteService],
})
export class MembershipsModule {}
