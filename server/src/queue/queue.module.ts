import { Global, Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { OnSaleAdminController } from './on-sale-admin.controller';
import { OnSaleRepository } from './on-sale.repository';
import { OnSales } from './on-sales';
import { QueueController } from './queue.controller';
import { QueueGateway } from './queue.gateway';
import { QueueGuard } from './queue.guard';
import { QueueRandom } from './queue-random';
import { QueueStore } from './queue-store';
import { QueueTicker } from './queue-ticker';
import { QueueTickets } from './queue-tickets';
import { QueueService } from './queue.service';

/**
 * The on-sale waiting room (issue 16, docs/waiting-room.md). Global so the seat, box-office and
 * commit routes can put @QueueGate() on themselves (its guard is resolved from here).
 */
@Global()
@Module({
  imports: [BackOfficeModule],
  controllers: [QueueController, OnSaleAdminController],
  providers: [
    OnSaleRepository,
    OnSales,
    QueueStore,
    QueueRandom,
    QueueTickets,
    QueueService,
    QueueTicker,
    QueueGateway,
    QueueGuard,
  ],
  exports: [QueueGuard, OnSales, QueueTickets, QueueService],
})
export class QueueModule {}
