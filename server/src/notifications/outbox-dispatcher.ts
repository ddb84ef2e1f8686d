import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { brandName } from '../common/brand';
import { isLocale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobContext, type JobHandle } from '../jobs';
import {
  DocumentsRepository,
  type DocumentDonation,
  type DocumentMembership,
  type DocumentReservation,
  type DocumentTicket,
  type DocumentVoucher,
  publicBaseUrl,
} from '../reservations';
import { renderConfirmation } from './confirmation-message';
import { NotificationSender } from './notification-sender.port';
import { OutboxRepository, type OutboxRow } from './outbox.repository';
import { DATE_CHANGE_TEMPLATE, renderDateChangeNotice } from './date-change-notice';
import { EVENT_CANCELLED_TEMPLATE, renderEventCancelledNotice } from './event-cancelled-notice';
import { REFUND_NOTICE_TEMPLATE, renderRefundNotice } from './refund-notice';

const PAYLOAD_NOTICES: Record<string, typeof renderRefundNotice> = {
  [REFUND_NOTICE_TEMPLATE]: renderRefundNotice,
  [DATE_CHANGE_TEMPLATE]: renderDateChangeNotice,
  [EVENT_CANCELLED_TEMPLATE]: renderEventCancelledNotice,
};

const MAX_ATTEMPTS = 8;
/** A node that claimed a message and vanished: after this the message is taken again. */
const STALE_CLAIM_SECONDS = 300;

/**
 * Sends what the outbox holds. The sale writes its messages in its own
 * transaction, so a confirmation exists exactly when the sale does; this loop
 * delivers them at least once, with exponential back-off per message, on every node
 * (SKIP LOCKED keeps nodes off each other's rows), every OUTBOX_POLL_MS (job `outbox`;
 * no cluster lease: every node sending is the outbox's throughput).
 */
@Injectable()
export class OutboxDispatcher {
  private readonly job: JobHandle<number>;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly documents: DocumentsRepository,
    private readonly sender: NotificationSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('outbox', { everyMs: config.OUTBOX_POLL_MS, run: (ctx) => this.pass(ctx) });
  }

  /** One pass now (after the pass in progress if any): claim due messages, render, send. Returns how many were sent. */
  dispatchOnce(): Promise<number> {
    return this.job.runNow();
  }

  private async pass({ signal }: JobContext): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.outbox.claim(this.config.OUTBOX_BATCH, STALE_CLAIM_SECONDS);
      if (batch.length === 0) return sent;
      sent += await this.deliverBatch(batch);
      if (batch.length < this.config.OUTBOX_BATCH || signal.aborted) return sent;
    }
  }

  /** Loads what a batch needs (one query per kind of line, side by side), sends each message, records the sent ones. */
  private async deliverBatch(batch: OutboxRow[]): Promise<number> {
    const ids = [...new Set(batch.map((r) => r.reservationId).filter((id): id is string => id !== null))];
    const [reservations, tickets, vouchers, donations, memberships] = await Promise.all([
      this.documents.byIds(ids),
      this.documents.ticketsOf(ids),
      this.documents.vouchersOf(ids),
      this.documents.donationsOf(ids),
      this.documents.membershipsOf(ids),
    ]);
    const byId = new Map(reservations.map((r) => [r.id, r]));
    const sent: string[] = [];
    for (const row of batch) {
      if (await this.deliver(row, byId, { tickets, vouchers, donations, memberships })) sent.push(row.id);
    }
    await this.outbox.markSent(sent);
    return sent.length;
  }

  private async deliver(
    row: OutboxRow,
    reservations: Map<string, DocumentReservation>,
    lines: {
      tickets: Map<string, DocumentTicket[]>;
      vouchers: Map<string, DocumentVoucher[]>;
      donations: Map<string, DocumentDonation[]>;
      memberships: Map<string, DocumentMembership[]>;
    },
  ): Promise<boolean> {
    try {
      // Notices that carry their own data (no order documents): a refund without a sale, a date moved or cancelled.
      const renderNotice = PAYLOAD_NOTICES[row.template];
      if (renderNotice) {
        const notice = renderNotice(
          {
            payload: row.payload,
            locale: row.locale,
            brand: brandName(this.config, isLocale(row.locale) ? row.locale : 'he'),
            hotline: this.config.HOTLINE,
          },
          row.channel,
        );
        await this.sender.send({
          outboxId: row.id,
          reservationId: row.reservationId,
          channel: row.channel,
          recipient: row.recipient,
          ...notice,
        });
        return true;
      }
      const reservation = row.reservationId ? reservations.get(row.reservationId) : undefined;
      if (!reservation) throw new Error(`reservation ${row.reservationId} not found`);
      const message = renderConfirmation(
        {
          reservation,
          tickets: lines.tickets.get(reservation.id) ?? [],
          vouchers: lines.vouchers.get(reservation.id) ?? [],
          donations: lines.donations.get(reservation.id) ?? [],
          memberships: lines.memberships.get(reservation.id) ?? [],
          locale: row.locale,
          brand: brandName(this.config, isLocale(row.locale) ? row.locale : 'he'),
          hotline: this.config.HOTLINE,
          baseUrl: publicBaseUrl(this.config),
        },
        row.channel,
      );
      await this.sender.send({
        outboxId: row.id,
        reservationId: row.reservationId,
        channel: row.channel,
        recipient: row.recipient,
        ...message,
      });
      return true;
    } catch (err) {
      const retry = row.attempts >= MAX_ATTEMPTS ? null : Math.min(3600, 2 ** row.attempts);
      this.logger.warn({ err, outbox: row.id, attempts: row.attempts, retryInSeconds: retry }, 'notification not sent');
      await this.outbox.markFailed(row.id, String((err as Error)?.message ?? err), retry).catch(() => undefined);
      return false;
    }
  }
}
