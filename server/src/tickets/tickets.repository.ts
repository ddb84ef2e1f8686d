import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedSql } from '../database/prepared-sql';
import { StatementBatcher } from '../database/statement-batcher';
import { PRODUCT_UNITS_HELD_SQL } from '../database/product-stock-sql';

/** A ticket (price list row) as the booking flow prices it. Money in agorot. */
export interface TicketRow {
  id: number;
  ticketGroupId: number;
  presentationId: number;
  name: string;
  nameEn: string;
  /** Russian and Arabic names (the row's `translations`); only coded tickets read them. */
  nameRu?: string | null;
  nameAr?: string | null;
  price: number;
  oldPrice: number | null;
  serviceCharge: number;
  pricePolicyId: number;
  code: string | null;
  multiplyFactor: number;
  isVoucher: boolean;
  balance: number | null;
  isByCodeEnabled: boolean;
  /** A coupon's terms beside its cap (coupon-terms.ts): on or off, its window, its channels, seats per order. */
  codeActive?: boolean;
  codeValidFrom?: Date | null;
  codeValidUntil?: Date | null;
  codeChannels?: string[] | null;
  codePerOrder?: number | null;
  /**
   * What the quote's per-ticket checks need to know, read with the price (tickets() only; undefined elsewhere), so a
   * plain order asks no participant table: units drawn from a member's balance (member_ticket, null when
   * not a member ticket), whether the ticket prompts for references, whether its presentation needs a waiver.
   */
  facts?: TicketFacts;
}

export interface TicketFacts {
  memberUnits: number | null;
  ref1Prompt: boolean;
  ref2Prompt: boolean;
  needsWaiver: boolean;
}

const COLUMNS = `t.id, t.ticket_group_id AS "ticketGroupId", tg.presentation_id AS "presentationId", t.name, t.name_en AS "nameEn",
  t.price, t.old_price AS "oldPrice", t.service_charge AS "serviceCharge", t.price_policy_id AS "pricePolicyId", t.code,
  t.multiply_factor AS "multiplyFactor", t.is_voucher AS "isVoucher", t.balance, tg.is_by_code_enabled AS "isByCodeEnabled",
  t.code_active AS "codeActive", t.code_valid_from AS "codeValidFrom", t.code_valid_until AS "codeValidUntil",
  t.code_channels AS "codeChannels", t.code_per_order AS "codePerOrder"`;

export interface ProductRow {
  id: number;
  locationId: number | null;
  /** Sold only with this event's dates; null: with any. */
  featureId: number | null;
  /** Sold only with this date; null: with any of the event's. */
  presentationId: number | null;
  active: boolean;
  price: number;
  /** Null: no per-order limit. */
  perOrder: number | null;
  /** Null: no stock (sold as often as ordered). */
  stock: number | null;
  /** The stock less what live orders hold (database/product-stock-sql.ts); null without a stock. */
  left: number | null;
}

/** The booking flow's door to the price list (tickets, products) and coupon usage. */
@Injectable()
export class TicketsRepository {
  private readonly sql: PreparedSql;

  constructor(private readonly db: DataSource) {
    this.sql = new PreparedSql(db);
  }

  /** Coded tickets of one presentation whose code matches, case-insensitively (index ticket_code on lower(code)). */
  codedTickets(presentationId: number, code: string): Promise<TicketRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS}, NULLIF(t.translations->'ru'->>'name', '') AS "nameRu",
              NULLIF(t.translations->'ar'->>'name', '') AS "nameAr"
         FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id
        WHERE lower(t.code) = lower($2) AND tg.presentation_id = $1 ORDER BY tg.sort_order, tg.id, t.id`,
      [presentationId, code],
    );
  }

  /**
   * The price list's rows for these ids, with the facts the quote's checks need. Quotes that read at the same moment
   * share one statement (decision 045): two in flight, the reads that arrive meanwhile go together as one, each
   * answered with its own ids' rows. A quote on a quiet node reads at once, alone.
   */
  tickets(ids: number[]): Promise<TicketRow[]> {
    return this.priceReads.call(ids);
  }

  private readonly priceReads = new StatementBatcher<number[], TicketRow[]>((reads) => this.ticketsOf(reads), {
    inFlight: 2,
    deep: { waiting: 8, inFlight: 4 },
    maxBatch: 32,
  });

  /** One statement for every read taken together; each read gets the rows of its own ids, as a read alone would. */
  private async ticketsOf(reads: number[][]): Promise<PromiseSettledResult<TicketRow[]>[]> {
    const rows = await this.sql.query<TicketRow & TicketFacts>(
      'tickets_by_id',
      `SELECT ${COLUMNS},
              (SELECT mt.units FROM member_ticket mt WHERE mt.ticket_id = t.id) AS "memberUnits",
              t.ref1_prompt IS NOT NULL AS "ref1Prompt", t.ref2_prompt IS NOT NULL AS "ref2Prompt",
              EXISTS (SELECT 1 FROM presentation_waiver w WHERE w.presentation_id = tg.presentation_id) AS "needsWaiver"
         FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id WHERE t.id = ANY($1::int[])`,
      [[...new Set(reads.flat())]],
    );
    const priced = rows.map(({ memberUnits, ref1Prompt, ref2Prompt, needsWaiver, ...row }) => ({
      ...row,
      facts: { memberUnits, ref1Prompt, ref2Prompt, needsWaiver },
    }));
    if (reads.length === 1) return [{ status: 'fulfilled', value: priced }];
    return reads.map((ids) => {
      const wanted = new Set(ids);
      // Each read its own copies: a caller may change what it was given.
      const value = priced.filter((r) => wanted.has(r.id)).map((r) => ({ ...r, facts: { ...r.facts } }));
      return { status: 'fulfilled', value };
    });
  }

  async products(ids: number[]): Promise<ProductRow[]> {
    const [rows, held] = await Promise.all([
      this.db.query(
        `SELECT id, location_id AS "locationId", feature_id AS "featureId", presentation_id AS "presentationId", active,
                price, per_order AS "perOrder", stock
           FROM product WHERE id = ANY($1::int[])`,
        [ids],
      ) as Promise<Omit<ProductRow, 'left'>[]>,
      this.db.query(PRODUCT_UNITS_HELD_SQL, [ids]) as Promise<{ id: number; n: number }[]>,
    ]);
    const heldOf = new Map(held.map((h) => [h.id, h.n]));
    return rows.map((r) => ({ ...r, left: r.stock === null ? null : r.stock - (heldOf.get(r.id) ?? 0) }));
  }

  /** Seats already sold on each ticket (live tickets): a coupon's usage count. */
  async usage(ticketIds: number[]): Promise<Map<number, number>> {
    if (ticketIds.length === 0) return new Map();
    const rows: { ticket_id: number; n: number }[] = await this.db.query(
      `SELECT ticket_id, count(*)::int AS n FROM reservation_ticket WHERE ticket_id = ANY($1::int[]) AND status = 'live' GROUP BY ticket_id`,
      [ticketIds],
    );
    return new Map(rows.map((r) => [r.ticket_id, r.n]));
  }
}
