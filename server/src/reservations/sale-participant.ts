import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import type { SaleInput, SaleOutcome, SalePayloads } from './sale-input';
import type { SaleStatementPart } from './sale-statement';

/**
 * One context's part of THE sale write (pretix's perform_order with its plugins). Its one check of what it limits is
 * `remaining` (coupon uses, voucher balances, reference quantities, member balances, mini-site balances), run by the
 * claim before the charge and again in the sale under the row lock (limit-claims.ts); it then writes what belongs to
 * it either inside the statement (`statement`: the voucher payments) or after it (`after`: the channel and mini-site
 * balances, the references, the memberships, the hold). A counter it draws down is drawn unconditionally, in the same
 * statement as its record, and the database's constraint on that counter is the backstop, mapped to the same refusal
 * (`constraintRefusals`). Its payload is its own type, added to SaleInput from its context
 * (docs/decisions/017-sale-statement-in-parts.md). Every way to sell writes through SalesRepository.commitSale, which
 * runs every participant that `applies` to the sale's data: a new cart kind cannot forget a limit, because it does not
 * choose which limits run.
 */
export interface SaleParticipant {
  /** Unique; also what SalesRepository checks is registered before the first sale (REQUIRED_SALE_PARTICIPANTS). */
  readonly name: SaleParticipantName;
  /**
   * Position in the one global lock order (lower first): two sales over the same rows wait on each other instead of
   * deadlocking. vouchers 10, coupons 20, products 25, channel quotas 27, references 30, memberships 40, channel 50, hold 60.
   */
  readonly order: number;
  /** Whether this sale carries anything of this participant's (no transaction at all when nothing applies). */
  applies(sale: SaleInput): boolean;
  /**
   * What this participant writes inside the sale statement itself (CTEs after the reservation's, with their own
   * parameters read off this participant's payload): no round trip of its own. Left out of the text of a sale whose
   * payload for it is empty (one prepared statement per shape, sale-statement.ts `saleStatements`).
   */
  readonly statement?: SaleStatementPart<SaleInput>;
  /**
   * Record, after the reservation and its tickets exist, in the same transaction (statements of its own); a counter
   * this participant draws (member balances, discount-code uses, mini-site balances) is drawn here, unconditionally,
   * in the statement that records the draw. Not a second check: that is `remaining`.
   */
  after?(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null>;
  /**
   * The database constraints that back this participant's unconditional draws (a CHECK on its counter), each with
   * the refusal it means: a sale the one check let through (or a writer that skipped it) and that would take a
   * counter past its limit fails on the constraint, and the buyer is told exactly what the check would have said.
   */
  readonly constraintRefusals?: Readonly<Record<string, SaleRefused>>;
  /**
   * The limited units this sale takes, per resource, in this participant's lock order: claimed before the card is
   * charged (limit-claims.ts). Absent or empty: nothing of this participant's is limited.
   */
  claimsOf?(sale: ClaimableSale): LimitClaim[];
  /**
   * THE check of this participant's limits (one per participant): locks the resources' rows (in the order given) and
   * answers the units each has left before this sale. Run before the charge (the claim) and again in the sale's
   * transaction, under the lock, less other carts' live claims (limit-claims.ts).
   */
  remaining?(runner: QueryRunner, resources: string[]): Promise<Map<string, number>>;
  /** The refusal when a resource has too little left for this sale. */
  refusalFor?(resource: string): SaleRefused;
  /**
   * Give back what the sale drew, for tickets that stop being live now (a hold released at its deadline, a
   * cancellation): in the caller's transaction, which moves each ticket out of 'live' exactly once, so each draw
   * comes back exactly once. Counters only; limits counted from live tickets (coupon uses, reference quantities)
   * come back by themselves, and money (voucher balances) goes back through the cancellation's refund plan.
   */
  giveBack?(db: Queryable, ended: EndedSale): Promise<void>;
}

/** What a give-back runs statements on: a QueryRunner or a transaction's EntityManager. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The tickets leaving 'live' in this transaction, and the reservations that end with them (no live ticket left). */
export interface EndedSale {
  ticketIds: string[];
  wholeReservationIds: string[];
}

/** A sale's refusal (what a participant or a claim answers when a limit is reached). */
export type SaleRefused = Extract<SaleOutcome, { ok: false }>;

/** Units of one limited resource ('coupon:12', 'voucher:7', 'mini-site:1:40', ...: the participant's own names). */
export interface LimitClaim {
  resource: string;
  units: number;
}

/** What a claim is computed from: the participants' payloads of a sale (or of its quoted draft). */
export type ClaimableSale = SalePayloads;

/** Every participant the sale needs: a server missing one refuses to sell instead of selling past a limit. */
export const REQUIRED_SALE_PARTICIPANTS = [
  'vouchers',
  'coupons',
  'products',
  'channel-quotas',
  'references',
  'memberships',
  'channel',
  'hold',
] as const;
export type SaleParticipantName = (typeof REQUIRED_SALE_PARTICIPANTS)[number];

/** Where the contexts register their participants (each in its own module, at module init). */
@Injectable()
export class SaleParticipants {
  private readonly byName = new Map<SaleParticipantName, SaleParticipant>();
  private ordered: SaleParticipant[] = [];

  register(participant: SaleParticipant): void {
    // A test's provider override registers its (unguarded) subclass under the same name: the last one wins.
    this.byName.set(participant.name, participant);
    this.ordered = [...this.byName.values()].sort((a, b) => a.order - b.order);
  }

  /** The participants this sale needs, in lock order; throws when one the sale needs was never registered. */
  for(sale: SaleInput): SaleParticipant[] {
    return this.all().filter((p) => p.applies(sale));
  }

  /** Every participant gives back its draws for these ended tickets and reservations (see SaleParticipant.giveBack). */
  async giveBack(db: Queryable, ended: EndedSale): Promise<void> {
    if (ended.ticketIds.length === 0 && ended.wholeReservationIds.length === 0) return;
    for (const participant of this.all()) await participant.giveBack?.(db, ended);
  }

  /** Every registered participant in lock order (the claim step asks each for the limits of a quoted sale). */
  all(): SaleParticipant[] {
    const missing = REQUIRED_SALE_PARTICIPANTS.filter((name) => !this.byName.has(name));
    if (missing.length) throw new Error(`sale participants not registered: ${missing.join(', ')}`);
    return this.ordered;
  }
}

/** A participant that registers itself when its module starts (the contexts extend this, one class each). */
@Injectable()
export abstract class RegisteredSaleParticipant implements SaleParticipant, OnModuleInit {
  abstract readonly name: SaleParticipantName;
  abstract readonly order: number;

  constructor(private readonly registry: SaleParticipants) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  abstract applies(sale: SaleInput): boolean;
}
