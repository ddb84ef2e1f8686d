import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
  type SaleOutcome,
  type Queryable,
  type EndedSale,
} from '../reservations';
import { MembershipSaleSteps } from './membership-sale-steps';

/** A seat a member ticket was sold for, and the member units its ticket drew. */
export interface RedeemedSeat {
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  units: number;
}

/**
 * What a sale writes for memberships, as plain data so that it rides on the sale draft (and so survives
 * a crash: the recovery job writes exactly the quoted sale).
 */
export interface MembershipSaleData {
  /**
   * Member tickets: units drawn from each member's balance, inside the sale's transaction, and the seats they were
   * drawn for (each seat's units come back when its ticket is cancelled: MembershipSaleParticipant.giveBack).
   * `seats` is absent on drafts quoted before it existed: their units come back when the whole order ends.
   */
  redemptions: { memberId: number; units: number; seats?: RedeemedSeat[] }[];
  /** New members (a membership bought). */
  sold: {
    membershipId: number;
    priceId: number;
    units: number;
    validDays: number;
    holderName: string;
    ssn: string | null;
    mobile: string | null;
  }[];
  /** Top-ups of existing members, keyed by member number. */
  topups: { memberNumber: string; priceId: number; units: number }[];
  /** Season enrolments: one per season and holder (ALREADY_ENROLLED). */
  enrolments: {
    membershipId: number;
    seasonId: number;
    holderSsn: string;
    priceId: number;
    presentationIds: number[];
    seat: { sectionId: number; x: number; y: number } | null;
  }[];
  /** The one discount code of the order: a use drawn in the sale (never beyond its limit) and recorded on it. */
  discount?: { codeId: number; code: string; membershipId: number; discountAgorot: number };
}

declare module '../reservations' {
  interface SaleInput {
    /** Members' balances drawn, memberships sold, enrolments (this participant's payload). */
    memberships?: MembershipSaleData;
  }
}

/** What the membership steps refuse a sale with (their codes among the sale's refusals). */
export type MembershipRefusal = Extract<
  SaleRefused['reason'],
  'MEMBER_BALANCE' | 'ALREADY_ENROLLED' | 'MEMBER_GONE' | 'DISCOUNT_USED_UP'
>;

const outcomeOf = (reason: MembershipRefusal | null): SaleOutcome | null => (reason ? { ok: false, reason } : null);

/**
 * Memberships in the sale: member units, season places, topped-up members and the discount code's use checked once
 * (`remaining`, under the rows' lock: before the charge and again in the sale), then, after the reservation
 * (membership-sale-steps.ts), the balances and the code's use drawn unconditionally in the statements that record
 * them (their CHECKs mapped to the same refusals), and new members, top-ups and enrolments written.
 */
@Injectable()
export class MembershipSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'memberships';
  readonly order = 40;
  private readonly steps = new MembershipSaleSteps();
  /** The counters' CHECKs: a draw past a member's balance or a code's max_uses (the one check was skipped or wrong). */
  readonly constraintRefusals: Readonly<Record<string, SaleRefused>> = {
    customer_membership_balance_left: { ok: false, reason: 'MEMBER_BALANCE' },
    membership_discount_code_uses_left: { ok: false, reason: 'DISCOUNT_USED_UP' },
  };

  applies(sale: SaleInput): boolean {
    return !!sale.memberships;
  }

  /**
   * Member units (members by id), then each enrolment's one place per season and holder, each topped-up member's
   * being active, then the discount code's one use: the order the sale draws them in. Enrolments and top-ups are
   * claimed like the rest, so a second enrolment of the same holder (another tab, another device) is refused before
   * its card is charged, not charged and refunded as ALREADY_ENROLLED.
   */
  claimsOf(sale: ClaimableSale): LimitClaim[] {
    const data = sale.memberships;
    if (!data) return [];
    const members = [...data.redemptions]
      .sort((a, b) => a.memberId - b.memberId)
      .map((r) => ({ resource: `member:${r.memberId}`, units: r.units }));
    const enrolments = data.enrolments
      .map((e) => ({ resource: enrolmentResource(e.seasonId, e.holderSsn), units: 1 }))
      .sort((a, b) => a.resource.localeCompare(b.resource));
    const topups = data.topups
      .map((t) => ({ resource: `topup:${t.memberNumber}`, units: 1 }))
      .sort((a, b) => a.resource.localeCompare(b.resource));
    const discount = data.discount ? [{ resource: `discount:${data.discount.codeId}`, units: 1 }] : [];
    return [...members, ...enrolments, ...topups, ...discount];
  }

  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const left = new Map<string, number>();
    const members = resources.filter((r) => r.startsWith('member:')).map((r) => Number(r.slice('member:'.length)));
    if (members.length) {
      const rows: { id: number; left: number }[] = await runner.query(
        `SELECT id::int AS id, CASE WHEN status = 'active' AND starts_at <= now() AND ends_at > now()
                                    THEN balance - used_balance ELSE 0 END AS left
           FROM customer_membership WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
        [members],
      );
      for (const r of rows) left.set(`member:${r.id}`, r.left);
    }
    for (const resource of resources.filter((r) => r.startsWith('enrolment:'))) {
      const [, season, holder] = resource.split(':');
      // A place per season and holder has no row until it is taken: the claim step queues on the name instead.
      await runner.query('SELECT pg_advisory_xact_lock(hashtext($1))', [resource]);
      const taken: unknown[] = await runner.query(
        `SELECT 1 FROM enrolment WHERE season_id = $1 AND status = 'live'
            AND encode(sha256(convert_to(holder_ssn, 'UTF8')), 'hex') = $2 LIMIT 1`,
        [Number(season), holder],
      );
      left.set(resource, taken.length ? 0 : 1);
    }
    const topped = resources.filter((r) => r.startsWith('topup:')).map((r) => r.slice('topup:'.length));
    if (topped.length) {
      const rows: { memberNumber: string }[] = await runner.query(
        `SELECT member_number AS "memberNumber" FROM customer_membership
          WHERE member_number = ANY($1::text[]) AND status = 'active' ORDER BY id FOR UPDATE`,
        [topped],
      );
      // Top-ups are not limited in number: an active member has room for every one of them.
      for (const r of rows) left.set(`topup:${r.memberNumber}`, Number.MAX_SAFE_INTEGER);
    }
    const codes = resources.filter((r) => r.startsWith('discount:')).map((r) => Number(r.slice('discount:'.length)));
    if (codes.length) {
      // A code switched off or out of its dates since the quote has no use left (on the database's clock).
      const rows: { id: number; left: number | null }[] = await runner.query(
        `SELECT id, CASE WHEN active AND (valid_from IS NULL OR valid_from <= now()) AND (valid_until IS NULL OR valid_until > now())
                         THEN max_uses - used_count ELSE 0 END AS left
           FROM membership_discount_code WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
        [codes],
      );
      for (const r of rows) left.set(`discount:${r.id}`, r.left ?? Number.POSITIVE_INFINITY);
    }
    return left;
  }

  refusalFor(resource: string): SaleRefused {
    if (resource.startsWith('discount:')) return { ok: false, reason: 'DISCOUNT_USED_UP' };
    if (resource.startsWith('enrolment:')) return { ok: false, reason: 'ALREADY_ENROLLED' };
    if (resource.startsWith('topup:')) return { ok: false, reason: 'MEMBER_GONE' };
    return { ok: false, reason: 'MEMBER_BALANCE' };
  }

  /**
   * Member units come back per ticket: each ticket that leaves 'live' here gives back the units it drew
   * (member_redemption_ticket), marked in the same statement, so each comes back once; its redemption is marked given
   * back when its last ticket is. Redemptions recorded before tickets carried their units come back when the whole
   * order ends (a hold released at its deadline, a cancellation of every ticket), as do discount code uses (one per
   * order).
   */
  async giveBack(db: Queryable, ended: EndedSale): Promise<void> {
    if (ended.ticketIds.length) {
      await db.query(
        `WITH back AS (
           UPDATE member_redemption_ticket SET given_back_at = now()
            WHERE reservation_ticket_id = ANY($1::bigint[]) AND given_back_at IS NULL
           RETURNING member_redemption_id, units
         ), per_member AS (
           SELECT r.customer_membership_id, sum(b.units)::int AS units
             FROM back b JOIN member_redemption r ON r.id = b.member_redemption_id GROUP BY r.customer_membership_id
         ), members AS (
           UPDATE customer_membership m SET used_balance = greatest(0, m.used_balance - p.units)
             FROM per_member p WHERE m.id = p.customer_membership_id
           RETURNING m.id
         )
         UPDATE member_redemption r SET given_back_at = now()
          WHERE r.id IN (SELECT member_redemption_id FROM back) AND r.given_back_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM member_redemption_ticket t
                             WHERE t.member_redemption_id = r.id AND t.given_back_at IS NULL
                               AND t.reservation_ticket_id <> ALL($1::bigint[]))`,
        [ended.ticketIds],
      );
    }
    if (ended.wholeReservationIds.length === 0) return;
    await db.query(
      `WITH back AS (
         UPDATE member_redemption r SET given_back_at = now()
          WHERE r.reservation_id = ANY($1::bigint[]) AND r.given_back_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM member_redemption_ticket t WHERE t.member_redemption_id = r.id)
         RETURNING customer_membership_id, units
       )
       UPDATE customer_membership m SET used_balance = greatest(0, m.used_balance - b.units)
         FROM (SELECT customer_membership_id, sum(units)::int AS units FROM back GROUP BY customer_membership_id) b
        WHERE m.id = b.customer_membership_id`,
      [ended.wholeReservationIds],
    );
    await db.query(
      `WITH back AS (
         UPDATE membership_discount_use SET given_back_at = now()
          WHERE reservation_id = ANY($1::bigint[]) AND given_back_at IS NULL
         RETURNING membership_discount_code_id
       )
       UPDATE membership_discount_code c SET used_count = greatest(0, c.used_count - b.n)
         FROM (SELECT membership_discount_code_id, count(*)::int AS n FROM back GROUP BY membership_discount_code_id) b
        WHERE c.id = b.membership_discount_code_id`,
      [ended.wholeReservationIds],
    );
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    return outcomeOf(await this.steps.after(runner, sale.memberships, reservationId));
  }
}

/** A season place's claim name: the holder's ID number only as a digest (claims are kept apart from people's data). */
function enrolmentResource(seasonId: number, holderSsn: string): string {
  return `enrolment:${seasonId}:${createHash('sha256').update(holderSsn, 'utf8').digest('hex')}`;
}
