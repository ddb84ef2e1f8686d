import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { CartModule } from '../cart/cart.module';
import { CustomersModule } from '../customers/customers.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { MembershipsService } from '../memberships';
import { PaymentModule } from '../payment/payment.module';
import { ReservationsModule } from '../reservations/reservations.module';
import { SeatsModule } from '../seats/seats.module';
import { ACTIVE_MEMBERSHIP } from './active-membership.port';
import { BoxOfficeHoldsController } from './box-office-holds.controller';
import { HoldClock } from './hold-clock';
import { HoldMoneySubject } from './hold-money-subject';
import { HoldPaymentService } from './hold-payment.service';
import { HoldPayments } from './hold-payments';
import { HoldPlacementService } from './hold-placement.service';
import { HoldReleaseJob } from './hold-release.job';
import { HoldSummaries } from './hold-summaries.service';
import { HoldTestClockController } from './hold-test-clock.controller';
import { HoldsController } from './holds.controller';
import { HoldsRepository } from './holds.repository';
import { HoldSaleParticipant } from './hold-sale.participant';

/**
 * Hold orders (docs/hold-orders.md): a member's unpaid reservation, released at its deadline by a durable sweep
 * on every node, paid online (POST /api/payment/{resId}/payment) or at the box office. The one commit (orders/) takes
 * a cart with isHold after HoldPlacementService admits it, and writes it through the one sale write as a hold
 * (HoldSaleParticipant): this module prices nothing and writes no sale of its own.
 */
@Module({
  imports: [
    SeatsModule,
    CartModule,
    ReservationsModule,
    PaymentModule,
    CustomersModule,
    BackOfficeModule,
    MembershipsModule,
  ],
  controllers: [HoldsController, BoxOfficeHoldsController, HoldTestClockController],
  providers: [
    HoldClock,
    HoldsRepository,
    HoldSaleParticipant,
    HoldPayments,
    HoldPlacementService,
    HoldPaymentService,
    HoldReleaseJob,
    HoldMoneySubject,
    HoldSummaries,
    // The one question hold orders ask of the memberships context (a started, unexpired membership).
    { provide: ACTIVE_MEMBERSHIP, useExisting: MembershipsService },
  ],
  exports: [HoldPlacementService, HoldReleaseJob, HoldClock, ACTIVE_MEMBERSHIP],
})
export class HoldsModule {}
