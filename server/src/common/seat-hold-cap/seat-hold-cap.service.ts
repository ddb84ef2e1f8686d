import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { lazyLru } from '../lazy-lru';

/**
 * Seats one client address may hold at once on one presentation, across all its visitor
 * ids (one attacker with 13 uuids hoarded a whole cinema in half a second). The cap is
 * SEAT_HOLD_CAP_PER_IP, or the presentation's own seat_hold_cap_per_ip (0 = none).
 *
 * This is only the policy: which cap applies. The check and the bookkeeping live inside the
 * seat engine's lock scripts (seats/lua/prelude.ts, HOLD_CAP_CHECK), so a capped lock is one
 * Redis round trip and parallel identities cannot pass the cap (docs/seat-engine.md, "Seats
 * held per address"). Cached for a minute: the lock path asks it on every public lock.
 */
@Injectable()
export class SeatHoldCapService {
  private readonly caps = lazyLru<number, { cap: number }>({ max: 10_000, ttl: 60_000 });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /** The cap on one presentation (cached for a minute; 0 = no cap). */
  async capOf(presentationId: number): Promise<number> {
    const cached = this.caps().get(presentationId);
    if (cached) return cached.cap;
    const rows: { cap: number | null }[] = await this.dataSource.query(
      'SELECT seat_hold_cap_per_ip AS cap FROM presentation WHERE id = $1',
      [presentationId],
    );
    const cap = rows[0]?.cap ?? this.config.SEAT_HOLD_CAP_PER_IP;
    this.caps().set(presentationId, { cap });
    return cap;
  }
}
