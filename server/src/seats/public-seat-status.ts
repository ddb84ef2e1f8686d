import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { encodeSeatStatusBinary } from '@hotline/shared';
import { encodeBinary, encodeJson, type EncodedJson } from '../common/encoded-json';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SeatEngineService } from './seat-engine.service';
import { SeatStore } from './seat-store.port';
import type { Layout } from './seat-layout';
import type { SeatsStatusQuery } from './seats.queries';

interface Shared {
  builtAtMs: number;
  /** The state version the answer shows (while it is built: the version read before, which it shows or passes). */
  version: number;
  /** Both forms, made together: the binary one costs a few ms and kB beside the JSON (no rows kept to make it later). */
  docs: Promise<Docs>;
  /** The date's revision it shows: a set-aside change (docs/decisions/024) changes the answer without a seat change. */
  revision: number | undefined;
  /** The next release instant of a set-aside seat after it was built: from then the public sees that seat free. */
  releasesAtMs: number;
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
/** The earliest release instant of a set-aside seat still ahead at `nowMs` (Infinity: none). */
function nextReleaseMs(layout: Layout, nowMs: number): number {
  let next = Infinity;
  for (const seat of layout.seats.values()) {
    const at = seat.setAside?.releaseAt?.getTime();
    if (at !== undefined && at > nowMs && at < next) next = at;
  }
  return next;
}

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
    const layout = await this.engine.layout(pid);
    const pick = (docs: Docs): EncodedJson => (q.format === 'binary' ? docs.binary : docs.json);
    const fresh = known && known.revision === layout.presentation.revision && now < known.releasesAtMs;
    if (fresh && (known.version === version || now - known.builtAtMs < this.config.SEAT_STATUS_STALE_MS)) {
      return known.docs.then(pick);
    }
    const built = this.build(q);
    const entry: Shared = {
      builtAtMs: now,
      version,
      docs: built.then((b) => b.docs),
      revision: layout.presentation.revision,
      releasesAtMs: nextReleaseMs(layout, now),
    };
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
