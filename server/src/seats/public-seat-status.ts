import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { encodeSeatStatusBinary } from '@hotline/shared';
import { encodeBinary, encodeJson, type EncodedJson } from '../common/encoded-json';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SeatEngineService } from './seat-engine.service';
import { SeatStore } from './seat-store.port';
import type { SeatsStatusQuery } from './seats.queries';

interface Shared {
  builtAtMs: number;
  /** The state version the answer shows (while it is built: the version read before, which it shows or passes). */
  version: number;
  /** Both forms, made together: the binary one costs a few ms and kB beside the JSON (no rows kept to make it later). */
  docs: Promise<Docs>;
}

interface Docs {
  json: EncodedJson;
  binary: EncodedJson;
}

/**
 * The seats-status answer of every visitor who holds no seat on the presentation — all of an on-sale's first page
 * loads, thousands a minute — is the same: read from Redis, built, serialised and compressed once per
 * presentation, and reused while nothing changes or for SEAT_STATUS_STALE_MS while seats change. For a
 * 100,000-seat presentation that is one 2 MB state read and 40 ms of work per second instead of per visitor, and
 * 160 kB (brotli) on the wire instead of 2.4 MB (load-tests/RESULTS.md, wave 3). A visitor who holds seats, or a
 * query that narrows or changes the view (a section, a channel, an order change, hold mode), gets its own answer.
 *
 * Staleness: the storefront subscribes to the change stream with the answer's version and is sent every change
 * since from the stream's log (seat-feed.service.ts, subscribe), so an older answer is caught up at once; a lock on
 * a seat taken meanwhile is refused by the engine as always (the server decides, the map only shows).
 */
@Injectable()
export class PublicSeatStatus {
  private readonly shared = new LRUCache<string, Shared>({ max: 64, ttl: 60_000 });

  constructor(
    private readonly engine: SeatEngineService,
    private readonly store: SeatStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The shared answer for this visitor and query, or null when theirs is their own. */
  async answer(visitorId: string, q: SeatsStatusQuery): Promise<EncodedJson | null> {
    if (q.sectionId !== undefined || q.modifySeats || q.isHold || q.domain || q.miniSiteUrl) return null;
    const pid = q.presentationId;
    const [own, version] = await Promise.all([
      this.store.liveLockedKeys(pid, visitorId),
      this.store.currentVersion(pid),
    ]);
    // Not initialised yet (null): the visitor's own call builds the live state first.
    if (own.length > 0 || version === null) return null;
    const key = `${pid}:${q.isReserved ?? ''}`;
    const now = this.clock.nowMs();
    const known = this.shared.get(key);
    const pick = (docs: Docs): EncodedJson => (q.format === 'binary' ? docs.binary : docs.json);
    if (known && (known.version === version || now - known.builtAtMs < this.config.SEAT_STATUS_STALE_MS)) {
      return known.docs.then(pick);
    }
    const built = this.build(q);
    const entry: Shared = { builtAtMs: now, version, docs: built.then((b) => b.docs) };
    this.shared.set(key, entry);
    built.then(
      (b) => (entry.version = b.version),
      () => this.shared.get(key) === entry && this.shared.delete(key),
    );
    return entry.docs.then(pick);
  }

  private async build(q: SeatsStatusQuery): Promise<{ docs: Docs; version: number }> {
    const status = await this.engine.status(null, { presentationId: q.presentationId, isReserved: q.isReserved });
    const [json, binary] = await Promise.all([encodeJson(status), encodeBinary(encodeSeatStatusBinary(status))]);
    return { docs: { json, binary }, version: status.version };
  }
}
