import { Injectable } from '@nestjs/common';
import '../catalogue';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { applyAllocations } from './seat-allocations';
import { buildLayout, type Layout } from './seat-layout';
import { SeatsRepository } from './seats.repository';

/** How long presentation flags (soldout, max seats, policy) and set-aside seats may be served from memory. */
const FLAGS_TTL_MS = 5_000;

/**
 * In-memory seat maps per presentation. A plan version never changes once published, so each is read from
 * PostgreSQL once per node (again only when the date moves to another version, seen with the flags); the presentation's own flags
 * are re-read in the background every few seconds so a back-office "sold out"
 * reaches every node quickly without a query per lock.
 */
@Injectable()
export class SeatLayouts {
  private readonly cache = new Map<number, { layout: Promise<Layout>; checkedAt: number; refreshing: boolean }>();

  constructor(
    private readonly repo: SeatsRepository,
    private readonly clock: Clock,
  ) {}

  get(presentationId: number): Promise<Layout> {
    const now = this.clock.nowMs();
    const entry = this.cache.get(presentationId);
    if (entry) {
      if (now - entry.checkedAt > FLAGS_TTL_MS && !entry.refreshing) this.refreshFlags(presentationId, entry, now);
      return entry.layout;
    }
    const layout = this.load(presentationId);
    const fresh = { layout, checkedAt: now, refreshing: false };
    this.cache.set(presentationId, fresh);
    layout.catch(() => {
      if (this.cache.get(presentationId) === fresh) this.cache.delete(presentationId);
    });
    return layout;
  }

  /**
   * The layout as PostgreSQL has it now: the flags read at once, and the whole layout again when the date was moved
   * to another plan version (the seat keys change). For a reload of the live state, which must match its keys.
   */
  async fresh(presentationId: number): Promise<Layout> {
    const entry = this.cache.get(presentationId);
    const info = entry ? await this.repo.presentation(presentationId) : null;
    if (entry && info) {
      const layout = await entry.layout;
      if (layout.presentation.seatplanId === info.seatplanId) {
        layout.presentation = info;
        entry.checkedAt = this.clock.nowMs();
        return layout;
      }
    }
    this.cache.delete(presentationId);
    return this.get(presentationId);
  }

  private async load(presentationId: number): Promise<Layout> {
    const source = await this.repo.layoutSource(presentationId);
    if (!source) throw new AppError('PRESENTATION_NOT_FOUND');
    const layout = buildLayout(source.presentation, source.plan, source.sections, source.seats, source.ticketGroups);
    applyAllocations(layout, await this.repo.allocations(presentationId));
    return layout;
  }

  private refreshFlags(
    presentationId: number,
    entry: { layout: Promise<Layout>; checkedAt: number; refreshing: boolean },
    now: number,
  ): void {
    entry.refreshing = true;
    void Promise.all([entry.layout, this.repo.presentation(presentationId)])
      .then(async ([layout, info]) => {
        if (!info) return;
        // Moved to another plan version (catalogue administration): the seats themselves change, so load them again.
        if (info.seatplanId !== layout.presentation.seatplanId) {
          if (this.cache.get(presentationId) === entry) this.cache.delete(presentationId);
          return;
        }
        // A changed date may have changed its set-aside seats (docs/decisions/024): they are re-read with it.
        const changed = info.revision !== layout.presentation.revision;
        const rows = changed ? await this.repo.allocations(presentationId) : null;
        layout.presentation = info;
        if (rows) applyAllocations(layout, rows);
      })
      .catch(() => undefined)
      .finally(() => {
        entry.refreshing = false;
        entry.checkedAt = now;
      });
  }
}
