import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface MiniSiteTicketRow {
  ticketId: number;
  balance: number | null;
  reference1: string | null;
  reference2: string | null;
}

export interface MiniSiteRow {
  id: number;
  url: string;
  name: string;
  nameEn: string;
  translations: Record<string, { name?: string }>;
  mode: 'tickets' | 'seats';
  /** Upcoming presentations first by date; past ones are left out. */
  presentationIds: number[];
  tickets: MiniSiteTicketRow[];
}

/** The mini-site tables (migration 1795740000000); reads only: the balance is drawn down by the sale (orders/channel-sale.participant.ts). */
@Injectable()
export class MiniSiteRepository {
  constructor(private readonly db: DataSource) {}

  async byUrl(url: string): Promise<MiniSiteRow | null> {
    const rows: {
      id: number;
      url: string;
      name: string;
      name_en: string;
      translations: Record<string, { name?: string }>;
      mode: 'tickets' | 'seats';
      presentation_ids: number[] | null;
      tickets: { ticketId: number; balance: number | null; reference1: string | null; reference2: string | null }[];
    }[] = await this.db.query(
      `SELECT m.id, m.url, m.name, m.name_en, m.translations, m.mode,
              (SELECT array_agg(p.id ORDER BY p.date_time, p.id)
                 FROM mini_site_presentation mp JOIN presentation p ON p.id = mp.presentation_id
                WHERE mp.mini_site_id = m.id AND p.date_time > now() - interval '6 hours') AS presentation_ids,
              coalesce((SELECT json_agg(json_build_object('ticketId', t.ticket_id, 'balance', t.balance,
                                                          'reference1', t.reference1, 'reference2', t.reference2)
                                        ORDER BY t.ticket_id)
                          FROM mini_site_ticket t WHERE t.mini_site_id = m.id), '[]'::json) AS tickets
         FROM mini_site m WHERE m.url = $1 AND m.active`,
      [url],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      url: r.url,
      name: r.name,
      nameEn: r.name_en,
      translations: r.translations,
      mode: r.mode,
      presentationIds: r.presentation_ids ?? [],
      tickets: r.tickets,
    };
  }

  /** Tickets some mini-site sells: sold only there, never on the public storefront. */
  async miniSiteTicketIds(): Promise<Set<number>> {
    const rows: { ticket_id: number }[] = await this.db.query('SELECT DISTINCT ticket_id FROM mini_site_ticket');
    return new Set(rows.map((r) => r.ticket_id));
  }

  async featureIdsOf(presentationIds: number[]): Promise<Set<number>> {
    if (presentationIds.length === 0) return new Set();
    const rows: { feature_id: number }[] = await this.db.query(
      'SELECT DISTINCT feature_id FROM presentation WHERE id = ANY($1::int[])',
      [presentationIds],
    );
    return new Set(rows.map((r) => r.feature_id));
  }

  /** Presentations that have any seat set aside (the live mode offers these). */
  async presentationsWithAllocations(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { presentation_id: number }[] = await this.db.query(
      'SELECT DISTINCT presentation_id FROM seat_allocation WHERE presentation_id = ANY($1::int[])',
      [ids],
    );
    return new Set(rows.map((r) => r.presentation_id));
  }
}
