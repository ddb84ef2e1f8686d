import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { TicketRefAgent, TicketReferenceChange, TicketReferenceRow, TicketReferenceSale } from '@hotline/shared';
import { referenceRemaining } from '@hotline/shared';

type RawRow = Omit<TicketReferenceRow, 'Remaining' | 'PresentationDateTime' | 'UpdatedAt'> & {
  PresentationDateTime: Date | null;
  UpdatedAt: Date;
};

/** The spec's row, with the ticket's or the narrowing's ids filled in and the live use counted. */
const ROW_SQL = `
  SELECT o.id AS "PriceRowId", o.reference1 AS "Reference1", o.reference2 AS "Reference2",
         o.price_type::int AS "PriceType", o.price_id AS "PriceId",
         COALESCE(o.feature_id, pr.feature_id) AS "FeatureId",
         CASE WHEN o.price_type = 1 THEN o.price_id END AS "TicketId",
         CASE WHEN o.price_type = 1 THEN tk.price_policy_id ELSE o.price_id END AS "PricePolicyId",
         COALESCE(o.presentation_id, tg.presentation_id) AS "PresentationId",
         COALESCE(o.feature_category_id, f.feature_category_id) AS "FeatureCategoryId",
         o.business_id AS "BusinessId", o.agent_id AS "CustomerId", a.name AS "AgentName",
         tk.name AS "TicketName", tk.name_en AS "TicketNameEn", NULLIF(tk.translations->'ru'->>'name', '') AS "TicketNameRu",
         NULLIF(tk.translations->'ar'->>'name', '') AS "TicketNameAr", f.name AS "FeatureName", f.name_en AS "FeatureNameEn",
         NULLIF(f.translations->'ru'->>'name', '') AS "FeatureNameRu", NULLIF(f.translations->'ar'->>'name', '') AS "FeatureNameAr",
         pr.date_time AS "PresentationDateTime", o.quantity AS "Quantity",
         (SELECT count(*)::int FROM reservation_ticket_reference r
            JOIN reservation_ticket rt ON rt.id = r.reservation_ticket_id AND rt.status = 'live'
           WHERE r.option_id = o.id) AS "Used",
         o.updated_at AS "UpdatedAt"
    FROM ticket_reference_option o
    LEFT JOIN ticket_reference_agent a ON a.id = o.agent_id
    LEFT JOIN ticket tk ON o.price_type = 1 AND tk.id = o.price_id
    LEFT JOIN ticket_group tg ON tg.id = tk.ticket_group_id
    LEFT JOIN presentation pr ON pr.id = COALESCE(o.presentation_id, tg.presentation_id)
    LEFT JOIN feature f ON f.id = COALESCE(o.feature_id, pr.feature_id)`;

function toRow(r: RawRow): TicketReferenceRow {
  return {
    ...r,
    PresentationDateTime: r.PresentationDateTime ? new Date(r.PresentationDateTime).toISOString() : null,
    UpdatedAt: new Date(r.UpdatedAt).toISOString(),
    Remaining: referenceRemaining(r.Quantity, r.Used),
  };
}

/** Ticket-reference options, their changes and the tickets sold with them (only adapters touch SQL). */
@Injectable()
export class TicketReferencesRepository {
  constructor(private readonly db: DataSource) {}

  async agents(businessIds: number[]): Promise<TicketRefAgent[]> {
    return this.db.query(
      `SELECT id AS "CustomerId", name AS "Name", business_id AS "BusinessId" FROM ticket_reference_agent
        WHERE business_id = ANY($1::int[]) ORDER BY name, id`,
      [businessIds],
    );
  }

  async agentBusiness(agentId: number): Promise<number | null> {
    const rows: { b: number }[] = await this.db.query(
      'SELECT business_id AS b FROM ticket_reference_agent WHERE id = $1',
      [agentId],
    );
    return rows[0]?.b ?? null;
  }

  async rows(q: { businessIds: number[]; agentId?: number; rowId?: number }): Promise<TicketReferenceRow[]> {
    const params: unknown[] = [q.businessIds];
    const where = ['o.business_id = ANY($1::int[])'];
    if (q.agentId !== undefined) where.push(`o.agent_id = $${params.push(q.agentId)}`);
    if (q.rowId !== undefined) where.push(`o.id = $${params.push(q.rowId)}`);
    const rows: RawRow[] = await this.db.query(
      `${ROW_SQL} WHERE ${where.join(' AND ')} ORDER BY f.name NULLS LAST, pr.date_time NULLS LAST, o.reference1, o.reference2, o.id LIMIT 5000`,
      params,
    );
    return rows.map(toRow);
  }

  async row(rowId: number, tx: EntityManager | DataSource = this.db): Promise<TicketReferenceRow | null> {
    const rows: RawRow[] = await tx.query(`${ROW_SQL} WHERE o.id = $1`, [rowId]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async history(rowId: number): Promise<TicketReferenceChange[]> {
    const rows: (Omit<TicketReferenceChange, 'At'> & { At: Date })[] = await this.db.query(
      `SELECT c.at AS "At", c.staff_user_id AS "UserId", u.first_name AS "FirstName", u.last_name AS "LastName",
              c.action AS "Action", c.old_quantity AS "OldQuantity", c.new_quantity AS "NewQuantity"
         FROM ticket_reference_change c JOIN staff_user u ON u.id = c.staff_user_id
        WHERE c.option_id = $1 ORDER BY c.at DESC, c.id DESC`,
      [rowId],
    );
    return rows.map((r) => ({ ...r, At: new Date(r.At).toISOString() }));
  }

  /** The ticket a PriceType 1 row is for: its presentation's business (null when there is no such ticket). */
  async ticketBusiness(ticketId: number): Promise<number | null> {
    const rows: { b: number }[] = await this.db.query(
      `SELECT p.business_id AS b FROM ticket tk JOIN ticket_group tg ON tg.id = tk.ticket_group_id
         JOIN presentation p ON p.id = tg.presentation_id WHERE tk.id = $1`,
      [ticketId],
    );
    return rows[0]?.b ?? null;
  }

  /**
   * Sets a row's quantity under its row lock: the same lock a sale takes, so an edit and a sale of the
   * last ticket never both see the old use. `decide` sees the locked row and its live use; a refusal
   * it throws rolls everything back. The change and its history row commit together.
   */
  async editQuantity(
    rowId: number,
    staffUserId: number,
    decide: (locked: TicketReferenceRow) => number,
  ): Promise<{ before: TicketReferenceRow; after: TicketReferenceRow } | null> {
    return this.db.transaction(async (tx) => {
      const locked: unknown[] = await tx.query('SELECT id FROM ticket_reference_option WHERE id = $1 FOR UPDATE', [
        rowId,
      ]);
      if (locked.length === 0) return null;
      const before = (await this.row(rowId, tx))!;
      const quantity = decide(before);
      await tx.query('UPDATE ticket_reference_option SET quantity = $2, updated_at = now() WHERE id = $1', [
        rowId,
        quantity,
      ]);
      await tx.query(
        `INSERT INTO ticket_reference_change (option_id, staff_user_id, action, old_quantity, new_quantity)
         VALUES ($1, $2, 'quantity', $3, $4)`,
        [rowId, staffUserId, before.Quantity, quantity],
      );
      return { before, after: (await this.row(rowId, tx))! };
    });
  }

  /** A new reference for a ticket (PriceType 1); null when the pair already exists for it. */
  async create(o: {
    businessId: number;
    ticketId: number;
    reference1: string;
    reference2: string;
    quantity: number;
    staffUserId: number;
  }): Promise<TicketReferenceRow | null> {
    return this.db.transaction(async (tx) => {
      const rows: { id: number }[] = await tx.query(
        `INSERT INTO ticket_reference_option (business_id, price_type, price_id, reference1, reference2, quantity)
         VALUES ($1, 1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
        [o.businessId, o.ticketId, o.reference1, o.reference2, o.quantity],
      );
      if (rows.length === 0) return null;
      await tx.query(
        `INSERT INTO ticket_reference_change (option_id, staff_user_id, action, old_quantity, new_quantity)
         VALUES ($1, $2, 'create', NULL, $3)`,
        [rows[0]!.id, o.staffUserId, o.quantity],
      );
      return this.row(rows[0]!.id, tx);
    });
  }

  /** Tickets sold with a reference of these businesses, by sale date (dateType 2) or show date (1). */
  async sales(q: {
    businessIds: number[];
    from: string;
    to: string;
    byShowDate: boolean;
    agentId?: number;
    rowId?: number;
  }): Promise<TicketReferenceSale[]> {
    const params: unknown[] = [q.businessIds, q.from, q.to];
    const at = q.byShowDate ? 'p.date_time' : 'rt.created_at';
    const where = ['o.business_id = ANY($1::int[])', `${at} >= $2`, `${at} < $3`];
    if (q.agentId !== undefined) where.push(`o.agent_id = $${params.push(q.agentId)}`);
    if (q.rowId !== undefined) where.push(`o.id = $${params.push(q.rowId)}`);
    const rows: (Omit<TicketReferenceSale, 'PresentationDateTime' | 'SaleDateTime'> & {
      PresentationDateTime: Date;
      SaleDateTime: Date;
    })[] = await this.db.query(
      `SELECT r.identifier AS "ReservationIdentifier", rt.identifier AS "TicketIdentifier", o.id AS "PriceRowId",
              x.reference1 AS "Reference1", x.reference2 AS "Reference2", p.id AS "PresentationId",
              p.date_time AS "PresentationDateTime", f.name AS "FeatureName", f.name_en AS "FeatureNameEn",
              NULLIF(f.translations->'ru'->>'name', '') AS "FeatureNameRu", NULLIF(f.translations->'ar'->>'name', '') AS "FeatureNameAr",
              rt.ticket_id AS "TicketId", rt.amount_agorot AS "AmountAgorot", rt.created_at AS "SaleDateTime",
              rt.status AS "Status"
         FROM reservation_ticket_reference x
         JOIN ticket_reference_option o ON o.id = x.option_id
         JOIN reservation_ticket rt ON rt.id = x.reservation_ticket_id
         JOIN reservation r ON r.id = rt.reservation_id
         JOIN presentation p ON p.id = rt.presentation_id
         JOIN feature f ON f.id = p.feature_id
        WHERE ${where.join(' AND ')}
        ORDER BY rt.created_at DESC, rt.id DESC LIMIT 5000`,
      params,
    );
    return rows.map((r) => ({
      ...r,
      PresentationDateTime: new Date(r.PresentationDateTime).toISOString(),
      SaleDateTime: new Date(r.SaleDateTime).toISOString(),
    }));
  }
}
