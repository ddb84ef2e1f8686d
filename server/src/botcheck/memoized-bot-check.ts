import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { lazyLru } from '../common/lazy-lru';
import { AltchaBotCheck } from './altcha-bot-check';
import { BotCheck } from './bot-check.port';

/** A visitor re-sends the same solved token with every click: verified once, trusted for this long. */
const MEMO_TTL_MS = 30_000;
const MEMO_MAX_ENTRIES = 50_000;

/**
 * The BotCheck every caller gets (the route guard, the commit): ALTCHA behind one memo,
 * an LRU with a TTL, keyed by visitor and a hash of the token (so it holds 64 bytes per
 * entry, never the 20 kB a token may be). Only successes are remembered, and only for
 * the visitor who proved them, so the memo never lets a token cross visitors.
 */
@Injectable()
export class MemoizedBotCheck extends BotCheck {
  private readonly memo = lazyLru<string, true>({ max: MEMO_MAX_ENTRIES, ttl: MEMO_TTL_MS });

  constructor(private readonly altcha: AltchaBotCheck) {
    super();
  }

  async verify(token: unknown, visitorId: string): Promise<void> {
    const key =
      typeof token === 'string' ? `${visitorId}:${createHash('sha256').update(token).digest('base64url')}` : null;
    if (key !== null && this.memo().has(key)) return;
    await this.altcha.verify(token, visitorId);
    if (key !== null) this.memo().set(key, true);
  }
}
