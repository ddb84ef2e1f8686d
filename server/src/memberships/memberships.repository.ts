import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { updatedRows } from './membership-sale-steps';

export interface MembershipPriceRow {
  id: number;
  membershipId: number;
  priceCode: string;
  name: string;
  nameEn: string;
  /** Russian and Arabic names (`{ ru: { name }, ar: … }`). */
  translations: { ru?: Record<string, string>; ar?: Record<string, string> } | null;
  priceAgorot: number;
  currencyId: number;
  reference1: string | null;
  reference2: string | null;
  isTopup: boolean;
  topupUnits: number;
}

export interface MembershipPresentationRow {
  membershipId: number;
  presentationId: number;
  isRequired: boolean;
  payableAgorot: number;
}

export interface PresentationDetailRow {
  membershipId: number;
  presentationId: number;
  ticketGroupId: number;
  ticketId: number;
  isPriceOverride: boolean;
  priceAgorot: number;
}

export interface MembershipRow {
  id: number;
  typeId: number;
  code: string;
  name: string;
  nameEn: string;
  translations: Record<string, { name?: string }>;
  className: string;
  seasonId: number | null;
  seatPresentationId: number | null;
  isSkipMemberSeat: boolean;
  isPricingPerTicket: boolean;
  defaultTicketGroupId: number | null;
  balanceUnits: number;
  validDays: number;
  allowMemberSaleTickets: boolean;
  prices: MembershipPriceRow[];
  presentations: MembershipPresentationRow[];
  details: PresentationDetailRow[];
}

export interface MemberRow {
  id: number;
  membershipId: number;
  membershipTypeId: number;
  membershipName: string;
  membershipNameEn: string;
  customerId: number | null;
  memberNumber: string;
  holderName: string;
  additionalName: string;
  mobile: string | null;
  balance: number;
  usedBalance: number;
  startsAt: Date;
  endsAt: Date;
  status: string;
  allowMemberSaleTickets: boolean;
}

const MEMBER_SELECT = `
  SELECT cm.id, cm.membership_id AS "membershipId", m.membership_type_id AS "membershipTypeId",
         m.name AS "membershipName", m.name_en AS "membershipNameEn", cm.customer_id AS "customerId",
         cm.member_number AS "memberNumber", cm.holder_name AS "holderName", cm.additional_name AS "additionalName",
         cm.mobile, cm.balance, cm.used_balance AS "usedBalance", cm.starts_at AS "startsAt", cm.ends_at AS "endsAt",
         cm.status, m.allow_member_sale_tickets AS "allowMemberSaleTickets"
    FROM customer_membership cm JOIN membership m ON m.id = cm.membership_id`;

/** The memberships' tables (migration 1795720000000). Reads for the catalogue and the lookups; the sale's writes are in membership-sale-steps.ts. */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly db: DataSource) {}

  async memberships(filter: { ids?: number[]; code?: string } = {}): Promise<MembershipRow[]> {
    const rows: Omit<MembershipRow, 'prices' | 'presentations' | 'details'>[] = await this.db.query(
      `SELECT id, membership_type_id AS "typeId", code, name, name_en AS "nameEn", translations, class_name AS "className",
              season_id AS "seasonId", seat_presentation_id AS "seatPresentationId", is_skip_member_seat AS "isSkipMemberSeat",
              is_pricing_per_ticket AS "isPricingPerTicket", default_ticket_group_id AS "defaultTicketGroupId",
              balance_units AS "balanceUnits", valid_days AS "validDays", allow_member_sale_tickets AS "allowMemberSaleTickets"
         FROM membership
        WHERE active AND ($1::int[] IS NULL OR id = ANY($1)) AND ($2::text IS NULL OR lower(code) = lower($2))
        ORDER BY sort_order, id`,
      [filter.ids ?? null, filter.code ?? null],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [prices, presentations, details] = await Promise.all([
      this.db.query(
        `SELECT id, membership_id AS "membershipId", price_code AS "priceCode", name, name_en AS "nameEn", translations,
                price_agorot AS "priceAgorot", currency_id AS "currencyId", reference1, reference2,
                is_topup AS "isTopup", topup_units AS "topupUnits"
           FROM membership_price WHERE membership_id = ANY($1) ORDER BY sort_order, id`,
        [ids],
      ) as Promise<MembershipPriceRow[]>,
      this.db.query(
        `SELECT mp.membership_id AS "membershipId", mp.presentation_id AS "presentationId", mp.is_required AS "isRequired",
                mp.payable_agorot AS "payableAgorot"
           FROM membership_presentation mp JOIN presentation p ON p.id = mp.presentation_id
          WHERE mp.membership_id = ANY($1) ORDER BY p.date_time, p.id`,
        [ids],
      ) as Promise<MembershipPresentationRow[]>,
      this.db.query(
        `SELECT membership_id AS "membershipId", presentation_id AS "presentationId", ticket_group_id AS "ticketGroupId",
                ticket_id AS "ticketId", is_price_override AS "isPriceOverride", price_agorot AS "priceAgorot"
           FROM membership_presentation_detail WHERE membership_id = ANY($1)`,
        [ids],
      ) as Promise<PresentationDetailRow[]>,
    ]);
    return rows.map((r) => ({
      ...r,
      prices: prices.filter((p) => p.membershipId === r.id),
      presentations: presentations.filter((p) => p.membershipId === r.id),
      details: details.filter((d) => d.membershipId === r.id),
    }));
  }

  async membership(id: number): Promise<MembershipRow | null> {
    return (await this.memberships({ ids: [id] }))[0] ?? null;
  }

  async membersBy(by: { ssn?: string; memberNumber?: string; mobile?: string; ids?: number[] }): Promise<MemberRow[]> {
    return this.db.query(
      `${MEMBER_SELECT}
        WHERE cm.status = 'active'
          AND ($1::text IS NULL OR cm.ssn = $1 OR cm.customer_id IN (SELECT id FROM customer WHERE ssn = $1))
          AND ($2::text IS NULL OR lower(cm.member_number) = lower($2))
          AND ($3::text IS NULL OR cm.mobile = $3 OR cm.customer_id IN (SELECT id FROM customer WHERE mobile = $3))
          AND ($4::int[] IS NULL OR cm.id = ANY($4))
        ORDER BY cm.ends_at DESC, cm.id`,
      [by.ssn ?? null, by.memberNumber ?? null, by.mobile ?? null, by.ids ?? null],
    );
  }

  membersOfCustomer(customerId: number): Promise<MemberRow[]> {
    return this.db.query(
      `${MEMBER_SELECT} WHERE cm.status = 'active' AND cm.customer_id = $1 ORDER BY cm.ends_at DESC`,
      [customerId],
    );
  }

  async hasActiveMembership(customerId: number): Promise<boolean> {
    const [row] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM customer_membership
                       WHERE customer_id = $1 AND status = 'active' AND starts_at <= now() AND ends_at > now()) AS yes`,
      [customerId],
    );
    return Boolean(row?.yes);
  }

  async grant(visitorId: string, memberIds: number[], hours: number): Promise<void> {
    if (memberIds.length === 0) return;
    await this.db.query(
      `INSERT INTO member_grant (visitor_id, customer_membership_id, expires_at)
       SELECT $1, id, now() + make_interval(hours => $3) FROM unnest($2::int[]) AS id
       ON CONFLICT (visitor_id, customer_membership_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [visitorId, memberIds, hours],
    );
  }

  async grantedMembers(visitorId: string, memberIds: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await this.db.query(
      `SELECT customer_membership_id AS id FROM member_grant
        WHERE visitor_id = $1 AND customer_membership_id = ANY($2::int[]) AND expires_at > now()`,
      [visitorId, memberIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  async saveCode(memberId: number, codeHash: string, minutes: number): Promise<void> {
    await this.db.query(
      `INSERT INTO member_code (customer_membership_id, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [memberId, codeHash, minutes],
    );
  }

  /** One use: the code is spent by the statement that reads it. */
  async redeemCode(codeHash: string): Promise<number | null> {
    const [row] = updatedRows(
      await this.db.query(
        `UPDATE member_code SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING customer_membership_id AS id`,
        [codeHash],
      ),
    ) as { id: number }[];
    return row?.id ?? null;
  }

  async alreadyEnrolled(seasonId: number, ssn: string): Promise<boolean> {
    const [row] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM enrolment WHERE season_id = $1 AND holder_ssn = $2 AND status = 'live') AS yes`,
      [seasonId, ssn],
    );
    return Boolean(row?.yes);
  }

  /** Member tickets among these tickets: ticket id -> units drawn per ticket. */
  async memberTicketUnits(ticketIds: number[]): Promise<Map<number, number>> {
    if (ticketIds.length === 0) return new Map();
    const rows: { id: number; units: number }[] = await this.db.query(
      'SELECT ticket_id AS id, units FROM member_ticket WHERE ticket_id = ANY($1::int[])',
      [ticketIds],
    );
    return new Map(rows.map((r) => [r.id, r.units]));
  }

  /** The member tickets of one presentation (code, price) for a member's ticket step. */
  memberTicketsOf(presentationId: number): Promise<
    {
      id: number;
      ticketGroupId: number;
      name: string;
      nameEn: string;
      nameRu: string | null;
      nameAr: string | null;
      price: number;
      code: string;
    }[]
  > {
    return this.db.query(
      `SELECT t.id, t.ticket_group_id AS "ticketGroupId", t.name, t.name_en AS "nameEn",
              t.translations->'ru'->>'name' AS "nameRu", t.translations->'ar'->>'name' AS "nameAr", t.price, t.code
         FROM member_ticket mt JOIN ticket t ON t.id = mt.ticket_id JOIN ticket_group tg ON tg.id = t.ticket_group_id
        WHERE tg.presentation_id = $1 ORDER BY tg.sort_order, tg.id`,
      [presentationId],
    );
  }

  /** The cheapest public ticket of each ticket group (the ticket an enrolment seat is written with when no override names one). */
  async defaultTickets(ticketGroupIds: number[]): Promise<Map<number, number>> {
    if (ticketGroupIds.length === 0) return new Map();
    const rows: { tg: number; id: number }[] = await this.db.query(
      `SELECT DISTINCT ON (ticket_group_id) ticket_group_id AS tg, id FROM ticket
        WHERE ticket_group_id = ANY($1::int[]) AND code IS NULL ORDER BY ticket_group_id, sort_order, id`,
      [ticketGroupIds],
    );
    return new Map(rows.map((r) => [r.tg, r.id]));
  }
}
