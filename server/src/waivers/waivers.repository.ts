import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface WaiverRequirementRow {
  presentationId: number;
  terms: string;
  termsEn: string;
  eventDate: string;
}

export interface TicketBandRow {
  id: number;
  minAge: number | null;
  maxAge: number | null;
}

/** Which events need a waiver, ticket age bands, and the signed waivers of a reservation. */
@Injectable()
export class WaiversRepository {
  constructor(private readonly db: DataSource) {}

  requirements(presentationIds: number[]): Promise<WaiverRequirementRow[]> {
    if (presentationIds.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT w.presentation_id AS "presentationId", w.terms, w.terms_en AS "termsEn",
              to_char(p.date_time AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS "eventDate"
         FROM presentation_waiver w JOIN presentation p ON p.id = w.presentation_id
        WHERE w.presentation_id = ANY($1::int[])`,
      [presentationIds],
    );
  }

  bandsOfPresentation(presentationId: number): Promise<TicketBandRow[]> {
    return this.db.query(
      `SELECT t.id, t.min_age AS "minAge", t.max_age AS "maxAge" FROM ticket t
         JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 ORDER BY t.id`,
      [presentationId],
    );
  }

  bands(ticketIds: number[]): Promise<TicketBandRow[]> {
    if (ticketIds.length === 0) return Promise.resolve([]);
    return this.db.query(`SELECT id, min_age AS "minAge", max_age AS "maxAge" FROM ticket WHERE id = ANY($1::int[])`, [
      ticketIds,
    ]);
  }

  async signature(documentKey: string, waiverId: string): Promise<Buffer | null> {
    const rows: { png: Buffer }[] = await this.db.query(
      `SELECT w.signature_png AS png FROM reservation_waiver w JOIN reservation r ON r.id = w.reservation_id
        WHERE r.document_key = $1 AND w.id = $2`,
      [documentKey, waiverId],
    );
    return rows[0]?.png ?? null;
  }
}
