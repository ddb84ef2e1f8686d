import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { CartModule } from '../cart/cart.module';
import { CustomersModule } from '../customers/customers.module';
import { GiftsModule } from '../gifts/gifts.module';
import { QuoteService } from '../orders/quote.service';
import { PaymentModule } from '../payment/payment.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
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
import { InterimDemoMembershipAdapter } from './interim-demo-membership.adapter';

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
  ],
  controllers: [HoldsController, BoxOfficeHoldsController, HoldTestClockController],
  providers: [
    QuoteService,
    HoldClock,
    HoldsRepository,
    HoldPaymentsRepository,
    HoldPlacementService,
    HoldPaymentService,
    HoldReleaseJob,
    HoldPaymentRecoveryJob,
    HoldSummaries,
    // INTERIM binding (interim-demo-membership.adapter.ts): the lead rebinds ACTIVE_MEMBERSHIP to
    // MembershipsService (useExisting) when the memberships branch is merged.
    InterimDemoMembershipAdapter,
    { provide: ACTIVE_MEMBERSHIP, useExisting: InterimDemoMembershipAdapter },
  ],
  exports: [HoldPlacementService, HoldReleaseJob, HoldPaymentRecoveryJob, HoldClock, ACTIVE_MEMBERSHIP],
})
export class HoldsModule {}
