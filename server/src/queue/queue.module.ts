import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { SeatAdmission } from '../seats';
import { OnSaleAdminController } from './on-sale-admin.controller';
import { OnSaleRepository } from './on-sale.repository';
import { OnSales } from './on-sales';
import { ControlRoomRepository } from './control-room.repository';
import { ControlRoomService } from './control-room.service';
import { QueueController } from './queue.controller';
import { QueueGateway } from './queue.gateway';
import { AdmissionGate } from './admission-gate';
import { AdmissionInterceptor } from './admission.interceptor';
import { QueuePresence } from './queue-presence';
import { QueueRandom } from './queue-random';
import { QueueSeenRefresh } from './queue-seen-refresh';
import { QueueStore } from './queue-store';
import { QueueTicker } from './queue-ticker';
import { QueueTickets } from './queue-tickets';
import { QueueService } from './queue.service';

/**
 * The on-sale waiting room (docs/waiting-room.md). Global so the seat engine (and the commit)
 * can inject the AdmissionGate, as seats' SeatAdmission port; the AdmissionInterceptor is global so every request carries its admission.
 */
@Global()
@Module({
  imports: [BackOfficeModule],
  controllers: [QueueController, OnSaleAdminController],
  providers: [
    OnSaleRepository,
    ControlRoomRepository,
    ControlRoomService,
    OnSales,
    QueueStore,
    QueueRandom,
    QueueTickets,
    QueueService,
    QueueTicker,
    QueuePresence,
    QueueSeenRefresh,
    QueueGateway,
    AdmissionGate,
    // The seat engine's port (owned by seats, so seats imports no queue code).
    { provide: SeatAdmission, useExisting: AdmissionGate },
    { provide: APP_INTERCEPTOR, useClass: AdmissionInterceptor },
  ],
  exports: [AdmissionGate, SeatAdmission, OnSales, QueueTickets, QueueService],
})
export class QueueModule {}
