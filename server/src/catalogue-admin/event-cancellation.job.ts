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
 * `work` over `items`, at most `concurrency` at a time, none started once `signal` is aborted; the results that are
 * not null or undefined, in no particular order. A failure of one item fails the whole (as one at a time did).
 */
async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal,
  work: (item: T) => Promise<R | null | undefined>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal.aborted) {
      const result = await work(items[next++]!);
      if (result !== null && result !== undefined) results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Job `event-cancellations` (cluster lease, EVENT_CANCELLATION_INTERVAL_MS): for every cancelled date whose job is
 * open, the next orders that still have live tickets for it are cancelled through the cancellations
 * context a group at a time (CancellationService.cancelGroupForEvent: tickets cancelled, full value refunded where it was paid from through
 * the one payment attempt, the seats freed, and the buyer's message queued in the cancellation's own transaction),
 * the batch split into EVENT_CANCELLATION_CONCURRENCY groups run at once, batch after batch within the pass's share of the lease.
 * The work is the query, not a cursor: a pass that dies resumes with the orders still live, and an order already
 * cancelled is never picked again; a refund cut off mid-way is finished by the recovery loop's cancellation kind,
 * once (its idempotency key).
 */
@Injectable()
export class EventCancellationJob {
  private readonly job: JobHandle<CancellationPass>;
  private readonly fault = faultPointFromEnv();
  /** The last pass stopped at its time budget with orders left: the next starts at once. */
  private backlog = false;

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
      hasBacklog: () => this.backlog,
    });
  }

  /** One pass now (after the one in progress): the cancel route starts the first batch at once. */
  runOnce(): Promise<CancellationPass> {
    return this.job.runNow();
  }

  private async pass({ signal }: JobContext): Promise<CancellationPass> {
    const total: CancellationPass = { orders: 0, refundedAgorot: 0 };
    const started = Date.now();
    // Batch after batch while there is work, within half the job's lease (the scheduler's: at least 5 s), so the
    // pass ends while this node still holds it; the next pass goes on.
    const budgetMs = Math.max(3 * this.config.EVENT_CANCELLATION_INTERVAL_MS, 5_000) / 2;
    this.backlog = false;
    for (const presentationId of await this.events.openCancellations()) {
      let event: { name: AdminNames; startsAt: Date } | undefined;
      for (;;) {
        if (signal.aborted) break;
        if (Date.now() - started >= budgetMs) {
          this.backlog = true;
          break;
        }
        const orders = await this.events.ordersToCancel(presentationId, this.config.EVENT_CANCELLATION_BATCH);
        if (orders.length === 0) break;
        // Most passes during the watch find nothing: the event's name is read only when there is a message to write.
        event ??= await this.events.eventOf(presentationId);
        const named = event;
        // The batch in as many groups as run at once: each group's first step is one transaction with set-wise
        // statements (the statements per order fall with the group's size), its refunds one payment attempt each.
        const size = Math.ceil(orders.length / this.config.EVENT_CANCELLATION_CONCURRENCY);
        const groups = Array.from({ length: Math.ceil(orders.length / size) }, (_, i) =>
          orders.slice(i * size, (i + 1) * size),
        );
        const done = (
          await inBatches(groups, this.config.EVENT_CANCELLATION_CONCURRENCY, signal, (group) =>
            this.cancelGroup(presentationId, named, group),
          )
        ).flat();
        for (const d of done) {
          total.orders++;
          total.refundedAgorot += d.refundAgorot;
        }
        // An order that could not be cancelled now (another group's, or changed meanwhile) is read again by the next
        // query: stop here rather than loop on it within this pass.
        if (done.length < orders.length) break;
      }
      if (await this.events.finishIfDone(presentationId, LATE_SALE_GRACE_SECONDS))
        this.logger.info({ presentationId }, 'cancelled date: every order cancelled and refunded');
    }
    return total;
  }

  /** A group of orders' tickets for the date cancelled and refunded, each buyer's notice queued in the same transaction. */
  private cancelGroup(
    presentationId: number,
    event: { name: AdminNames; startsAt: Date },
    orders: { identifier: string; locale: string; email: string | null; mobile: string | null }[],
  ) {
    const byIdentifier = new Map(orders.map((o) => [o.identifier, o]));
    return this.cancellations.cancelGroupForEvent(
      orders.map((o) => o.identifier),
      presentationId,
      (tx, identifier, cancelled) => {
        const order = byIdentifier.get(identifier)!;
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
