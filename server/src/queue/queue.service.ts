import { Inject, Injectable, Optional } from '@nestjs/common';
import type { QueueProgressMessage, QueueStatusResponse } from '@hotline/shared';
import { AltchaBotCheck, type AltchaChallenge, BotCheck } from '../botcheck';
import { AppError } from '../common/app-error';
import { RateLimitService, type RateLimitCounter, type SubjectRule, subjectCounters } from '../common/rate-limit';
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

/**
 * Joining costs a hard proof of work already; these stop a script from hammering with fresh uuids from one address.
 * A line's joins count under the line's own name, whose `{id}` hash tag puts the counters in the line's Redis Cluster
 * slot (queue-keys.ts), so the join counts them in its one script; an id without a line counts under the plain name.
 */
const JOIN_RULES: readonly SubjectRule[] = [
  { by: 'visitor', limit: 10, windowSeconds: 60 },
  { by: 'ip', limit: 600, windowSeconds: 60 },
];
const JOIN_LIMIT = 'queue-join';
const lineJoinLimit = (presentationId: number): string => `${JOIN_LIMIT}:{${presentationId}}`;

/** A place in the line is kept (and its ticket valid) this long at most. */
const WAIT_TICKET_MS = 24 * 3600_000;

/**
 * The waiting room (docs/waiting-room.md): joining behind a harder bot check, a
 * visitor's standing, and the admission run every node makes each tick. Redis decides (QueueStore);
 * this service turns its answers into tickets, passes and the wire shapes.
 */
/** The rate limit's refusal, as the route guard answers it (the app's filter adds Retry-After). */
const tooManyJoins = (seconds: number): AppError =>
  new AppError('TOO_MANY_REQUESTS', { retryAfter: Math.max(1, Math.ceil(seconds)) });

@Injectable()
export class QueueService {
  constructor(
    private readonly store: QueueStore,
    private readonly onSales: OnSales,
    private readonly tickets: QueueTickets,
    private readonly random: QueueRandom,
    private readonly botCheck: BotCheck,
    private readonly clock: Clock,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // Optional: the seat and back-office tests replace the whole bot-check module with a double that has none.
    @Optional() private readonly altcha?: AltchaBotCheck,
  ) {}

  /**
   * The join's bot check: QUEUE_JOIN_WORK times the work of an ordinary challenge, for this presentation's line
   * only (its signed `data.line`; the line's slot holds its binding).
   */
  challenge(presentationId: number): Promise<AltchaChallenge> {
    if (!this.altcha) throw new AppError('SERVICE_UNAVAILABLE');
    return this.altcha.issueChallenge(this.config.QUEUE_JOIN_WORK, presentationId);
  }

  /**
   * Takes (or finds) this visitor's one place. Needs a solved join challenge of this line (signed work >=
   * QUEUE_JOIN_WORK) and room in the join's rate limit (JOIN_RULES): one Redis round trip (JOIN_GATED_LUA) counts the
   * call, binds the proof to the visitor and takes the place. A refused proof is counted too (one round trip more),
   * as a refused call always was: over the limit the answer is 429 whatever the token.
   */
  async join(presentationId: number, visitorId: string, token: unknown, ip: string): Promise<QueueStatusResponse> {
    const rule = this.onSales.queued(presentationId);
    if (!rule) {
      await this.spend(subjectCounters(JOIN_LIMIT, JOIN_RULES, { ip, visitorId }));
      return this.noQueue(presentationId);
    }
    const counters = subjectCounters(lineJoinLimit(presentationId), JOIN_RULES, { ip, visitorId });
    const proof = this.altcha ? await this.altcha.check(token, visitorId) : { ok: false as const };
    if (!proof.ok || proof.work < this.config.QUEUE_JOIN_WORK || proof.line !== presentationId) {
      await this.spend(counters);
      throw new AppError('INVALID_CAPTCHA');
    }
    const now = this.clock.nowMs();
    const standing = await this.store.joinGated(
      presentationId,
      visitorId,
      now,
      rule.saleStartsAt,
      this.random.draw(),
      rule.demoLineAhead,
      { counters: this.limits.scriptInputs(counters), binding: proof.binding, fresh: proof.fresh },
    );
    if (standing.kind === 'limited') throw tooManyJoins(standing.waitMs / 1000);
    if (standing.kind === 'unproven') throw new AppError('INVALID_CAPTCHA');
    return this.describe(rule, visitorId, standing, now, true);
  }

  /** Counts a join that takes no place (no line here, a refused proof): 429 when it does not fit. */
  private async spend(counters: RateLimitCounter[]): Promise<void> {
    const verdict = await this.limits.consume(counters);
    if (!verdict.allowed) throw tooManyJoins(verdict.retryAfterSeconds);
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
