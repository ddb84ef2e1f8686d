import { Injectable } from '@nestjs/common';
import type { OnSaleControlRoom } from '@hotline/shared';
import { Clock } from '../common/clock';
import { NodeHealth, RefusalTally } from '../observability';
import { ControlRoomRepository, type ZoneFigures } from './control-room.repository';
import { OnSales } from './on-sales';
import { QueueStore } from './queue-store';

const MINUTE_MS = 60_000;

/** The whole presentation's seat figures: the zones' sums. */
function seatsOf(zones: readonly ZoneFigures[]): OnSaleControlRoom['seats'] {
  const sum = (pick: (z: ZoneFigures) => number) => zones.reduce((n, z) => n + pick(z), 0);
  const [capacity, sold, held] = [sum((z) => z.capacity), sum((z) => z.sold), sum((z) => z.held)];
  return { capacity, sold, held, left: Math.max(0, capacity - sold - held) };
}
const FAILURE_WINDOW_MS = 10 * MINUTE_MS;

/**
 * One on-sale's figures for the back office's control room, read on demand from where they live: the line and the
 * passes from the queue's Redis keys (QueueStore), the seats and sales from PostgreSQL. Nothing is cached or
 * counted here, so every node answers the same and a page that polls sees what happened.
 */
@Injectable()
export class ControlRoomService {
  constructor(
    private readonly repository: ControlRoomRepository,
    private readonly store: QueueStore,
    private readonly onSales: OnSales,
    private readonly clock: Clock,
    private readonly refusals: RefusalTally,
    private readonly health: NodeHealth,
  ) {}

  businessOf(presentationId: number): Promise<number | null> {
    return this.repository.businessOf(presentationId);
  }

  async read(presentationId: number): Promise<OnSaleControlRoom> {
    const now = this.clock.nowMs();
    const rule = this.onSales.queued(presentationId);
    const shoppingMs = (rule?.shoppingMinutes ?? 0) * MINUTE_MS;
    const [live, admittedLastMinute, admittedTotal, sales, refusals, nodes] = await Promise.all([
      rule ? this.store.liveCounts(presentationId, now) : { inLine: 0, active: 0 },
      rule ? this.store.admittedSince(presentationId, now - MINUTE_MS, shoppingMs) : 0,
      rule ? this.store.admittedTotal(presentationId) : 0,
      this.repository.sales(presentationId, new Date(now - MINUTE_MS), new Date(now - FAILURE_WINDOW_MS)),
      this.refusals.recent(presentationId, FAILURE_WINDOW_MS / MINUTE_MS),
      this.health.nodes(),
    ]);
    return {
      presentationId,
      readAt: new Date(now).toISOString(),
      queue: {
        enabled: rule !== undefined,
        saleStartsAt: rule ? new Date(rule.saleStartsAt).toISOString() : null,
        inLine: live.inLine,
        activeShoppers: live.active,
        maxActive: rule?.maxActive ?? 0,
        admitPerMinute: rule?.admitPerMinute ?? 0,
        admittedLastMinute,
        admittedTotal,
      },
      seats: seatsOf(sales.zones),
      zones: sales.zones.map((z) => ({ ...z, left: Math.max(0, z.capacity - z.sold - z.held) })),
      ticketsSoldLastMinute: sales.ticketsSoldSince,
      paymentFailuresLast10Minutes: sales.paymentFailuresSince,
      refusalsLast10Minutes: [
        ...refusals,
        ...sales.paymentFailuresByReason.map((r) => ({ kind: 'payment' as const, ...r })),
      ].sort((a, b) => b.count - a.count),
      nodes,
    };
  }
}
