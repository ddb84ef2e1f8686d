import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface VodRow {
  id: number;
  venueTypeId: number;
  dateTime: Date;
  featureId: number;
  he: string;
  en: string;
  ru: string | null;
  ar: string | null;
}

/** The few reads video-on-demand needs: the event, and whether someone owns a live ticket to it. */
@Injectable()
export class VodRepository {
  constructor(private readonly db: DataSource) {}

  async event(vodId: number): Promise<VodRow | null> {
    const rows = await this.db.query(
      `SELECT p.id, p.venue_type_id AS "venueTypeId", p.date_time AS "dateTime", f.id AS "featureId",
              f.name AS he, f.name_en AS en, NULLIF(f.translations->'ru'->>'name', '') AS ru,
              NULLIF(f.translations->'ar'->>'name', '') AS ar
         FROM presentation p JOIN feature f ON f.id = p.feature_id WHERE p.id = $1`,
      [vodId],
    );
    return rows[0] ?? null;
  }

  /** A paid reservation of this customer with a live ticket to the event. */
  async ownedByCustomer(vodId: number, customerId: number): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM reservation r JOIN reservation_ticket rt ON rt.reservation_id = r.id
        WHERE r.customer_id = $2 AND r.state = 'paid' AND rt.presentation_id = $1 AND rt.status = 'live' LIMIT 1`,
      [vodId, customerId],
    );
    return rows.length > 0;
  }

  /**
   * The reservation (identifier, any case) is paid, holds a live ticket to the event, and was bought with this
   * e-mail address or this mobile number (compared in local form, 05x…).
   */
  async ownedByReservation(
    vodId: number,
    reservationIdentifier: string,
    proof: { email: string | null; mobile: string | null },
  ): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM reservation r JOIN reservation_ticket rt ON rt.reservation_id = r.id
        WHERE upper(r.identifier) = upper($2) AND r.state = 'paid' AND rt.presentation_id = $1 AND rt.status = 'live'
          AND (($3::text IS NOT NULL AND lower(r.customer->>'email') = lower($3))
            OR ($4::text IS NOT NULL AND
                regexp_replace(regexp_replace(coalesce(r.customer->>'mobileNumber', ''), '[^0-9+]', '', 'g'), '^(\\+?972)', '0') = $4))
        LIMIT 1`,
      [vodId, reservationIdentifier, proof.email, proof.mobile],
    );
    return rows.length > 0;
  }
}
