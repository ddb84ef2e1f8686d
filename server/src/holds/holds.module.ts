import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { CartModule } from '../cart/cart.module';
import { ChannelsModule } from '../channels/channels.module';
import { CustomersModule } from '../customers/customers.module';
import { GiftsModule } from '../gifts/gifts.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { MembershipsService } from '../memberships/memberships.service';
import { QuoteService } from '../orders/quote.service';
import { PaymentModule } from '../payment/payment.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
import { ReferenceEligibility } from '../ticket-references/reference-eligibility.service';
import { TicketsModule } from '../tickets/tickets.module';
import { WaiversModule } from '../waivers/waivers.module';
import { ACTIVE_MEMBERSHIP } from './active-membership.port';
import { BoxOfficeHoldsController } from './box-office-holds.controller';
import { HoldClock } from './hold-clock';
import { HoldPaymentRecoveryJob } from './hold-payment-recovery.job';
import { HoldPaymentService } from './hold-payment.service';
import { HoldPaymentsRepository } from './hold-payments.repository';
import { HoldPlacementService } from './hold-placement.service';
import { HoldReleaseJob } from './hold-release.job';
import { HoldSummaries } from './hold-summaries.service';
import { HoldTestClockController } from './hold-test-clock.controller';
import { HoldsController } from './holds.controller';
import { HoldsRepository } from './holds.repository';

/**
 * Hold orders (docs/hold-orders.md): a member's unpaid reservation, released at its deadline by a durable sweep
 * on every node, paid online (POST /api/payment/{resId}/payment) or at the box office. The commit controller hands
 * a cart with isHold to HoldPlacementService; pricing is the commit's own QuoteService (an instance of its own here,
 * so this module does not depend on OrdersModule, which depends on it).
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
    CustomersModule,
    BackOfficeModule,
    MembershipsModule,
    ChannelsModule,
  ],
  controllers: [HoldsController, BoxOfficeHoldsController, HoldTestClockController],
  providers: [
    QuoteService,
    ReferenceEligibility,
    HoldClock,
    HoldsRepository,
    HoldPaymentsRepository,
    HoldPlacementService,
    HoldPaymentService,
    HoldReleaseJob,
    HoldPaymentRecoveryJob,
    HoldSummaries,
    // The one question hold orders ask of the memberships context (a started, unexpired membership).
    { provide: ACTIVE_MEMBERSHIP, useExisting: MembershipsService },
  ],
  exports: [HoldPlacementService, HoldReleaseJob, HoldPaymentRecoveryJob, HoldClock, ACTIVE_MEMBERSHIP],
})
export class HoldsModule {}
