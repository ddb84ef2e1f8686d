import { Inject, Injectable, Optional } from '@nestjs/common';
import type { QueueProgressMessage, QueueStatusResponse } from '@hotline/shared';
import { AltchaBotCheck, type AltchaChallenge, BotCheck } from '../botcheck';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OnSales } from './on-sales';
import type { OnSaleRule } from './on-sale.repository';
import { QueueRandom } from './queue-random';
import { QueueStore, type AdmitResult, type Standing } from './queue-store';
import { QueueTickets } from './queue-tickets';
import './queue.errors';

/** What a socket's wait ticket proved, for the node that keeps the page (queue.gateway.ts). */
export interface HeldPlace {
  /** The wait ticket's expiry: the node keeps the place no longer. */
  until: number;
  /** The visitor's number in the line (rank + removed), null when not in it (admitted, outside). */
  ticketNo: number | null;
  removed: number;
  admitPerMinute: number;
}

/** A place in the line is kept (and its ticket valid) this long at most. */
const WAIT_TICKET_MS = 24 * 3600_000;

/**
 * The waiting room (docs/waiting-room.md): joining behind a harder bot check, a
 * visitor's standing, and the admission run every node makes each tick. Redis decides (QueueStore);
 * this service turns its answers into tickets, passes and the wire shapes.
 */
@Injectable()
export class QueueService {
  constructor(
    private readonly store: QueueStore,
    private readonly onSales: OnSales,
    private readonly tickets: QueueTickets,
    private readonly random: QueueRandom,
    private readonly botCheck: BotCheck,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // Optional: the seat and back-office tests replace the whole bot-check module with a double that has none.
    @Optional() private readonly altcha?: AltchaBotCheck,
  ) {}

  /** The join's bot check: QUEUE_JOIN_WORK times the work of an ordinary challenge. */
  challenge(): Promise<AltchaChallenge> {
    if (!this.altcha) throw new AppError('SERVICE_UNAVAILABLE');
    return this.altcha.issueChallenge(this.config.QUEUE_JOIN_WORK);
  }

  /** Takes (or finds) this visitor's one place. Needs a solved join challenge (signed work >= QUEUE_JOIN_WORK). */
  async join(presentationId: number, visitorId: string, token: unknown): Promise<QueueStatusResponse> {
    const rule = this.onSales.queued(presentationId);
    if (!rule) return this.noQueue(presentationId);
    await this.botCheck.verify(token, visitorId);
    if (!this.altcha || this.altcha.signedWorkFactor(token) < this.config.QUEUE_JOIN_WORK)
      throw new AppError('INVALID_CAPTCHA');
    const now = this.clock.nowMs();
    const standing = await this.store.join(
      presentationId,
      visitorId,
      now,
      rule.saleStartsAt,
      this.random.draw(),
      rule.demoLineAhead,
    );
    return this.describe(rule, visitorId, standing, now, true);
  }

  /**
   * The visitor's standing. With their wait ticket it is theirs in full (a heartbeat, the pass
   * when admitted); a ticket that is not theirs is refused; without one, only the public numbers.
   */
  async status(presentationId: number, visitorId: string, ticket: string | undefined): Promise<QueueStatusResponse> {
    const rule = this.onSales.queued(presentationId);
    if (!rule) return this.noQueue(presentationId);
    const now = this.clock.nowMs();
    if (ticket === undefined) {
      const standing = await this.store.standing(presentationId, visitorId, now, false);
      const outside: Standing = { kind: 'outside', removed: standing.removed, lineLength: standing.lineLength };
      return this.describe(rule, visitorId, outside, now, false);
    }
    if (!this.tickets.valid(ticket, 'w', presentationId, visitorId, now)) throw new AppError('QUEUE_TICKET_INVALID');
    const standing = await this.store.standing(presentationId, visitorId, now, true);
    return this.describe(rule, visitorId, standing, now, true);
  }

  /**
   * A socket's subscription or heartbeat: the ticket names the visitor. Answers what the node needs to keep the page
   * (queue-seen-refresh.ts) and to send it progress (QueuePresence's near and far), or null when the ticket is not
   * valid.
   */
  async heartbeat(presentationId: number, ticket: string, visitorId: string): Promise<HeldPlace | null> {
    const now = this.clock.nowMs();
    const rule = this.onSales.queued(presentationId);
    if (!rule) return null;
    const until = this.tickets.validUntil(ticket, 'w', presentationId, visitorId, now);
    if (until === null) return null;
    const standing = await this.store.standing(presentationId, visitorId, now, true);
    return {
      until,
      // Before the start this is the pre-queue rank so far, a lower bound of the number (queue-presence.ts).
      ticketNo: standing.kind === 'line' ? standing.rank + standing.removed : null,
      removed: standing.removed,
      admitPerMinute: rule.admitPerMinute,
    };
  }

  /** One admission run for one presentation (each node calls it every tick; Redis keeps the total exact). */
  admit(rule: OnSaleRule, now = this.clock.nowMs()): Promise<AdmitResult> {
    return this.store.admit(rule.presentationId, {
      now,
      saleStartsAt: rule.saleStartsAt,
      admitPerMinute: rule.admitPerMinute,
      maxActive: rule.maxActive,
      shoppingMs: rule.shoppingMinutes * 60_000,
      abandonMs: this.config.QUEUE_ABANDON_SECONDS * 1000,
    });
  }

  progress(rule: OnSaleRule, result: AdmitResult, now: number): QueueProgressMessage {
    return {
      presentationId: rule.presentationId,
      removed: result.removed,
      lineLength: result.lineLength,
      admitPerMinute: rule.admitPerMinute,
      open: now >= rule.saleStartsAt,
      serverTime: now,
    };
  }

  private describe(
    rule: OnSaleRule,
    visitorId: string,
    standing: Standing,
    now: number,
    own: boolean,
  ): QueueStatusResponse {
    const base = {
      presentationId: rule.presentationId,
      removed: standing.removed,
      lineLength: standing.lineLength,
      admitPerMinute: rule.admitPerMinute,
      saleStartsAt: new Date(rule.saleStartsAt).toISOString(),
      serverTime: now,
      demoLine: rule.demoLineAhead > 0,
    };
    const ticket = own ? this.tickets.sign('w', rule.presentationId, visitorId, now + WAIT_TICKET_MS) : null;
    if (standing.kind === 'admitted')
      return {
        ...base,
        state: 'admitted',
        ticket,
        pass: own ? this.tickets.sign('p', rule.presentationId, visitorId, standing.until) : null,
        ticketNo: null,
        admittedUntil: new Date(standing.until).toISOString(),
      };
    if (standing.kind === 'outside')
      return { ...base, state: 'outside', ticket: null, pass: null, ticketNo: null, admittedUntil: null };
    const open = now >= rule.saleStartsAt;
    return {
      ...base,
      state: open ? 'waiting' : 'pre-queue',
      ticket,
      pass: null,
      // Before the start the pre-queue's order is not final (later arrivals draw places too).
      ticketNo: open ? standing.rank + standing.removed : null,
      admittedUntil: null,
    };
  }

  private noQueue(presentationId: number): QueueStatusResponse {
    const now = this.clock.nowMs();
    return {
      presentationId,
      state: 'no-queue',
      ticket: null,
      pass: null,
      ticketNo: null,
      removed: 0,
      lineLength: 0,
      admitPerMinute: 0,
      saleStartsAt: new Date(now).toISOString(),
      serverTime: now,
      admittedUntil: null,
      demoLine: false,
    };
  }
}
