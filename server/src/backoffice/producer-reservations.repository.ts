import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { enqueueMessages } from '../notifications';

export interface ProducerReservationRow {
  reservationIdentifier: string;
  state: 'paid' | 'hold';
  startDateTime: string;
  presentationId: number;
  featureName: string;
  featureNameEn: string;
  /** Russian and Arabic names, null where the catalogue has none. */
  featureNameRu: string | null;
  featureNameAr: string | null;
  locationName: string;
  locationNameEn: string;
  locationNameRu: string | null;
  locationNameAr: string | null;
  tickets: number;
  totalAgorot: number;
  firstName: string | null;
  lastName: string | null;
  mobile: string | null;
}

export interface ReservationScope {
  id: string;
  state: string;
  locale: string;
  businessIds: number[];
  email: string | null;
  mobile: string | null;
}

/** Reservations as producers see them: only those with live tickets of their businesses' presentations. */
@Injectable()
export class ProducerReservationsRepository {
  constructor(private readonly db: DataSource) {}

  async list(q: {
    businessIds: number[];
    featureId?: number;
    presentationId?: number;
    from: string;
    to: string;
  }): Promise<ProducerReservationRow[]> {
    const params: unknown[] = [q.businessIds, q.from, q.to];
    const where = ['p.business_id = ANY($1::int[])', 'p.date_time >= $2', 'p.date_time < $3'];
    if (q.featureId !== undefined) {
      params.push(q.featureId);
      where.push(`p.feature_id = $${params.length}`);
    }
    if (q.presentationId !== undefined) {
      params.push(q.presentationId);
      where.push(`p.id = $${params.length}`);
    }
    const rows: ProducerReservationRow[] = await this.db.query(
      `SELECT r.identifier AS "reservationIdentifier", r.state, min(p.date_time) AS "startDateTime",
              min(p.id) AS "presentationId", min(f.name) AS "featureName", min(f.name_en) AS "featureNameEn",
              min(NULLIF(f.translations->'ru'->>'name', '')) AS "featureNameRu",
              min(NULLIF(f.translations->'ar'->>'name', '')) AS "featureNameAr",
              min(l.name) AS "locationName", min(l.name_en) AS "locationNameEn",
              min(NULLIF(l.translations->'ru'->>'name', '')) AS "locationNameRu",
              min(NULLIF(l.translations->'ar'->>'name', '')) AS "locationNameAr", count(*)::int AS tickets,
              r.total_agorot AS "totalAgorot", r.customer->>'firstName' AS "firstName",
              r.customer->>'lastName' AS "lastName", r.customer->>'mobileNumber' AS mobile
         FROM reservation r
         JOIN reservation_ticket rt ON rt.reservation_id = r.id AND rt.status = 'live'
         JOIN presentation p ON p.id = rt.presentation_id
         JOIN feature f ON f.id = p.feature_id JOIN location l ON l.id = p.location_id
        WHERE r.state IN ('paid', 'hold') AND ${where.join(' AND ')}
        GROUP BY r.id ORDER BY min(p.date_time), r.id LIMIT 1000`,
      params,
    );
    return rows.map((r) => ({ ...r, startDateTime: new Date(r.startDateTime).toISOString() }));
  }

  /** The businesses whose presentations the reservation's tickets are for, and where its messages go. */
  async scope(identifier: string): Promise<ReservationScope | null> {
    const rows: ReservationScope[] = await this.db.query(
      `SELECT r.id::text AS id, r.state, r.locale, r.customer->>'email' AS email, r.customer->>'mobileNumber' AS mobile,
              COALESCE((SELECT array_agg(DISTINCT p.business_id) FROM reservation_ticket rt
                          JOIN presentation p ON p.id = rt.presentation_id WHERE rt.reservation_id = r.id), '{}') AS "businessIds"
         FROM reservation r WHERE r.identifier = $1`,
      [identifier],
    );
    return rows[0] ?? null;
  }

  /** Queues the order confirmation again (the outbox dispatcher sends it, at least once). */
  async resend(reservationId: string, locale: string, messages: { channel: 'email' | 'sms'; recipient: string }[]) {
    await enqueueMessages(this.db, { reservationId, locale, template: 'order-confirmation', messages });
  }
}
