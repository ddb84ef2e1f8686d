import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** Where a buyer was turned away: at a seat lock, by the waiting room. (Payment declines are read from payment.) */
export type RefusalKind = 'lock' | 'queue';

export interface RefusalCount {
  kind: RefusalKind;
  /** The refusal's error code in lower case (a catalogue's: bounded), or `other`. */
  reason: string;
  count: number;
}

/** How long a minute's counts are kept: the control room reads the last ten minutes. */
const KEEP_MINUTES = 11;
const REASON = /^[a-z0-9_]{1,48}$/;
const MINUTE_MS = 60_000;

/**
 * Refusals per presentation by kind and reason, counted in Redis so that every node's refusals add up and every node
 * reads the same (docs/operations.md, "Control room"): one hash per presentation and minute, a field per
 * `kind:reason`, kept KEEP_MINUTES. Counting never fails the request it counts: a Redis error loses the count.
 */
@Injectable()
export class RefusalTally {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  private key(presentationId: number, minute: number): string {
    // One hash tag per presentation: a cluster keeps a presentation's minutes on one slot.
    return `${this.config.REDIS_PREFIX}refusals:{${presentationId}}:${minute}`;
  }

  count(presentationId: number, kind: RefusalKind, code: string): void {
    const reason = REASON.test(code) ? code : 'other';
    const key = this.key(presentationId, Math.floor(this.clock.nowMs() / MINUTE_MS));
    this.redis
      .multi()
      .hincrby(key, `${kind}:${reason}`, 1)
      .pexpire(key, KEEP_MINUTES * MINUTE_MS)
      .exec()
      .catch(() => undefined);
  }

  /** The counts of the last `minutes` minutes (the current one included), largest first. */
  async recent(presentationId: number, minutes: number): Promise<RefusalCount[]> {
    const now = Math.floor(this.clock.nowMs() / MINUTE_MS);
    const hashes = await Promise.all(
      Array.from({ length: minutes }, (_, i) => this.redis.hgetall(this.key(presentationId, now - i))),
    );
    const sums = new Map<string, number>();
    for (const hash of hashes)
      for (const [field, value] of Object.entries(hash)) sums.set(field, (sums.get(field) ?? 0) + Number(value));
    return [...sums]
      .map(([field, count]) => {
        const [kind, reason] = field.split(':') as [RefusalKind, string];
        return { kind, reason, count };
      })
      .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || a.reason.localeCompare(b.reason));
  }
}
