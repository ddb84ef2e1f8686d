import { Injectable } from '@nestjs/common';
import type { HoldOrderSummary } from '@hotline/shared';
import { agorotToShekels, seatKey } from '@hotline/shared';
import type { Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import { SeatEngineService } from '../seats';
import { HoldsRepository, type HoldRow } from './holds.repository';

/** Holds as the customer area and the box office show them: deadline, total, events and seats by row and number. */
@Injectable()
export class HoldSummaries {
  constructor(
    private readonly holds: HoldsRepository,
    private readonly engine: SeatEngineService,
  ) {}

  async summarise(rows: HoldRow[], locale: Locale): Promise<HoldOrderSummary[]> {
    const tickets = await this.holds.ticketsOf(rows.map((r) => r.reservationId));
    const layouts = new Map(
      await Promise.all(
        [...new Set(tickets.map((t) => t.presentationId))].map(
          async (id) => [id, await this.engine.layout(id).catch(() => null)] as const,
        ),
      ),
    );
    return rows.map((r) => {
      const events = new Map<number, HoldOrderSummary['events'][number]>();
      for (const t of tickets.filter((x) => x.reservationId === r.reservationId)) {
        let event = events.get(t.presentationId);
        if (!event) {
          event = {
            presentationId: t.presentationId,
            name: localizedName(locale, {
              he: t.featureName,
              en: t.featureNameEn,
              ru: t.featureNameRu,
              ar: t.featureNameAr,
            }),
            dateTime: new Date(t.dateTime).toISOString(),
            seats: [],
          };
          events.set(t.presentationId, event);
        }
        const seat = layouts.get(t.presentationId)?.seats.get(seatKey(t.sectionId, t.x, t.y));
        event.seats.push({ row: seat?.rowName ?? '', seat: seat?.seatName ?? String(t.x) });
      }
      const c = r.customer as { firstName?: string; lastName?: string };
      return {
        reservationIdentifier: r.identifier,
        // Cancelled by a producer before its deadline (POST /reservations/{resId}/producerCancel): over, like a release.
        state: r.holdState === 'held' && r.reservationState !== 'hold' ? 'released' : r.holdState,
        deadline: new Date(r.releaseAt).toISOString(),
        total: agorotToShekels(r.totalAgorot),
        customerName: [c.firstName, c.lastName].filter(Boolean).join(' '),
        events: [...events.values()],
      };
    });
  }
}
