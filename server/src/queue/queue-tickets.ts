import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** w: a place in the line (waiting page, socket); p: an admission (the seat calls). */
export type TicketKind = 'w' | 'p';

interface TicketClaims {
  k: TicketKind;
  /** presentation */
  p: number;
  /** visitor uuid */
  u: string;
  /** expiry, ms since epoch */
  e: number;
}

/** Tickets are short: a cookie value, and a header on every seat call. */
const MAX_TICKET_LENGTH = 400;

/**
 * Signed queue tickets (HMAC-SHA-256, `base64url(claims).base64url(mac)`), bound to one
 * visitor uuid, one presentation and one kind, with an expiry. Checking one is an HMAC and
 * no Redis call, so the guard costs the seat path microseconds. A ticket is useless to any
 * other uuid: the guard compares it with the caller's.
 */
@Injectable()
export class QueueTickets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = config.QUEUE_TICKET_KEY
      ? Buffer.from(config.QUEUE_TICKET_KEY)
      : createHmac('sha256', config.ALTCHA_HMAC_KEY).update('hotline-queue-ticket').digest();
  }

  sign(kind: TicketKind, presentationId: number, visitorId: string, expiresAt: number): string {
    const claims: TicketClaims = { k: kind, p: presentationId, u: visitorId, e: Math.floor(expiresAt) };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** True when `ticket` is ours, of this kind, for this presentation and visitor, and not expired. */
  valid(ticket: unknown, kind: TicketKind, presentationId: number, visitorId: string, now: number): boolean {
    return this.validUntil(ticket, kind, presentationId, visitorId, now) !== null;
  }

  /**
   * The ticket's expiry when `valid` accepts it, else null: a node that keeps a subscribed page's place
   * (queue-seen-refresh.ts) keeps it no longer than the ticket the page proved it with.
   */
  validUntil(ticket: unknown, kind: TicketKind, presentationId: number, visitorId: string, now: number): number | null {
    if (typeof ticket !== 'string' || ticket.length > MAX_TICKET_LENGTH) return null;
    const dot = ticket.indexOf('.');
    if (dot <= 0) return null;
    const body = ticket.slice(0, dot);
    const given = Buffer.from(ticket.slice(dot + 1), 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: TicketClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
    } catch {
      return null;
    }
    const ok =
      claims.k === kind &&
      claims.p === presentationId &&
      typeof claims.u === 'string' &&
      claims.u === visitorId &&
      typeof claims.e === 'number' &&
      claims.e > now;
    return ok ? claims.e : null;
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
