import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AdminNames } from '@hotline/shared';
import { CancellationService } from '../cancellations';
import { LOGGER } from '../common/logger';
import { faultPointFromEnv, reachFaultPoint } from '../common/test-fault-point';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobContext, type JobHandle } from '../jobs';
import { EVENT_CANCELLED_TEMPLATE, enqueueMessages, type EventCancelledPayload } from '../notifications';
import { EventCancellationRepository } from './event-cancellation.repository';

/**
 * How long a cancelled date stays under watch after it came off sale. The commit refuses a cancelled date before any
 * charge (SHOW_CANCELLED), but a node learns of the cancellation within 5 s, and a charge whose answer was in doubt
 * is settled into a sale by the recovery loop minutes later (RECOVERY_IN_DOUBT_SECONDS, 120 s by default): such a
 * sale is cancelled and refunded here like any other before the job closes.
 */
const LATE_SALE_GRACE_SECONDS = 600;

export interface CancellationPass {
  orders: number;
  refundedAgorot: number;
}

/**
 * Job `event-cancellations` (cluster lease, EVENT_CANCELLATION_INTERVAL_MS): for every cancelled date whose job is
 * open, the next orders that still have live tickets for it are cancelled one by one through the cancellations
 * context (CancellationService.cancelForEvent: tickets cancelled, full value refunded where it was paid from through
 * the one payment attempt, the seats freed, and the buyer's message queued in the cancellation's own transaction).
 * The work is the query, not a cursor: a pass that dies resumes with the orders still live, and an order already
 * cancelled is never picked again; a refund cut off mid-way is finished by the recovery loop's cancellation kind,
 * once (its idempotency key).
 */
@Injectable()
export class EventCancellationJob {
  private readonly job: JobHandle<CancellationPass>;
  private readonly fault = faultPointFromEnv();

  constructor(
    private readonly events: EventCancellationRepository,
    private readonly cancellations: CancellationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('event-cancellations', {
      everyMs: config.EVENT_CANCELLATION_INTERVAL_MS,
      lease: 'cluster',
      run: (ctx) => this.pass(ctx),
    });
  }

  /** One pass now (after the one in progress): the cancel route starts the first batch at once. */
  runOnce(): Promise<CancellationPass> {
    return this.job.runNow();
  }

  private async pass({ signal }: JobContext): Promise<CancellationPass> {
    const total: CancellationPass = { orders: 0, refundedAgorot: 0 };
    for (const presentationId of await this.events.openCancellations()) {
      const orders = await this.events.ordersToCancel(presentationId, this.config.EVENT_CANCELLATION_BATCH);
      // Most passes during the watch find nothing: the event's name is read only when there is a message to write.
      if (orders.length > 0) {
        const event = await this.events.eventOf(presentationId);
        for (const order of orders) {
          if (signal.aborted) return total;
          const done = await this.cancelOne(presentationId, event, order);
          if (done) {
            total.orders++;
            total.refundedAgorot += done.refundAgorot;
          }
        }
      }
      if (await this.events.finishIfDone(presentationId, LATE_SALE_GRACE_SECONDS))
        this.logger.info({ presentationId }, 'cancelled date: every order cancelled and refunded');
    }
    return total;
  }

  /** One order's tickets for the date cancelled and refunded, its buyer's notice queued in the same transaction. */
  private cancelOne(
    presentationId: number,
    event: { name: AdminNames; startsAt: Date },
    order: { identifier: string; locale: string; email: string | null; mobile: string | null },
  ) {
    return this.cancellations.cancelForEvent(
      order.identifier,
      presentationId,
      (tx, cancelled) => {
        const payload: EventCancelledPayload = {
          eventName: event.name,
          orderIdentifier: order.identifier,
          startsAt: new Date(event.startsAt).toISOString(),
          refundAgorot: cancelled.refundAgorot,
        };
        return enqueueMessages(tx, {
          reservationId: cancelled.reservationId,
          locale: order.locale,
          template: EVENT_CANCELLED_TEMPLATE,
          payload,
          messages: [
            ...(order.email ? [{ channel: 'email' as const, recipient: order.email }] : []),
            ...(order.mobile ? [{ channel: 'sms' as const, recipient: order.mobile }] : []),
          ],
        });
      },
      () => reachFaultPoint(this.fault, 'mid-event-cancellation'),
    );
  }
}
