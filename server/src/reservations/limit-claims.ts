import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler } from '../jobs';
import {
  SaleParticipants,
  type ClaimableSale,
  type LimitClaim,
  type SaleParticipant,
  type SaleRefused,
} from './sale-participant';

/** A participant's claims, summed per resource, in the participant's order. */
interface Wanted {
  participant: SaleParticipant;
  claims: LimitClaim[];
}

/**
 * Limits claimed before money moves, the way seats are locked: the commit claims every limited
 * thing its cart needs - coupon uses, gift-voucher balance, mini-site balance, reference quantities, discount-code
 * uses, member units - for LIMIT_CLAIM_SECONDS BEFORE the card is charged, all or nothing, and the sale consumes the
 * claim in its transaction. Twenty-five buyers on the last three uses of a coupon: three are charged, twenty-two
 * are refused before any charge (not charged and refunded). A node that dies after claiming leaves a claim that
 * simply expires. The claim is an admission, not the guard: the sale's own lock-and-check stays the truth, and it
 * also counts other carts' live claims, so a writer that did not claim cannot take what someone is paying for.
 */
@Injectable()
export class LimitClaims {
  constructor(
    private readonly db: DataSource,
    private readonly participants: SaleParticipants,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    scheduler: JobScheduler,
  ) {
    scheduler.register('limit-claim-purge', { everyMs: 600_000, lease: 'cluster', run: () => this.purgeExpired() });
  }

  /** Claims everything limited in this sale for its cart (all or nothing). Null when claimed (or nothing to claim). */
  async claim(cartIdentifier: string, sale: ClaimableSale): Promise<SaleRefused | null> {
    const wanted = this.wanted(sale);
    if (wanted.length === 0) return null;
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      for (const w of wanted) {
        const refused = await this.fits(runner, cartIdentifier, w);
        if (refused) {
          await runner.rollbackTransaction();
          return refused;
        }
      }
      const claims = wanted.flatMap((w) => w.claims);
      await runner.query(
        `INSERT INTO limit_claim (resource, cart_identifier, units, expires_at)
         SELECT c.resource, $1::uuid, c.units, now() + make_interval(secs => $4::float8)
           FROM unnest($2::text[], $3::int[]) AS c(resource, units)
         ON CONFLICT (resource, cart_identifier) DO UPDATE SET units = EXCLUDED.units, expires_at = EXCLUDED.expires_at`,
        [cartIdentifier, claims.map((c) => c.resource), claims.map((c) => c.units), this.config.LIMIT_CLAIM_SECONDS],
      );
      await runner.commitTransaction();
      return null;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * In the sale's transaction, the participant's one check: its rows locked (and held to the end of the sale, so its
   * unconditional draws after the statement wait on nobody), what is left after the live claims of OTHER carts must
   * still cover this sale. Null when it does (or the participant limits nothing here).
   */
  async checkInSale(
    runner: QueryRunner,
    participant: SaleParticipant,
    cartIdentifier: string,
    sale: ClaimableSale,
  ): Promise<SaleRefused | null> {
    const claims = summed(participant.claimsOf?.(sale) ?? []);
    if (claims.length === 0) return null;
    return this.fits(runner, cartIdentifier, { participant, claims });
  }

  /** The sale is written: its claims are spent (same transaction). */
  async consume(runner: QueryRunner, cartIdentifier: string): Promise<void> {
    await runner.query('DELETE FROM limit_claim WHERE cart_identifier = $1::uuid', [cartIdentifier]);
  }

  /** The order will not be written (refused, declined, abandoned): its claims go back at once, not at expiry. */
  async release(cartIdentifier: string): Promise<void> {
    await this.db.query('DELETE FROM limit_claim WHERE cart_identifier = $1::uuid', [cartIdentifier]);
  }

  /** Expired claims are already ignored by every check; this only keeps the table small (the one scheduler). */
  private async purgeExpired(): Promise<number> {
    const result: unknown = await this.db.query(`DELETE FROM limit_claim WHERE expires_at < now() - interval '1 hour'`);
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }

  private wanted(sale: ClaimableSale): Wanted[] {
    return this.participants
      .all()
      .map((participant) => ({ participant, claims: summed(participant.claimsOf?.(sale) ?? []) }))
      .filter((w) => w.claims.length > 0);
  }

  private async fits(runner: QueryRunner, cartIdentifier: string, w: Wanted): Promise<SaleRefused | null> {
    const resources = w.claims.map((c) => c.resource);
    // The participant locks its rows first (its own order): claims and sales over the same rows queue, never race.
    const left = await w.participant.remaining!(runner, resources);
    const others: { resource: string; units: number }[] = await runner.query(
      `SELECT resource, sum(units)::int AS units FROM limit_claim
        WHERE resource = ANY($1::text[]) AND cart_identifier <> $2::uuid AND expires_at > now()
        GROUP BY resource`,
      [resources, cartIdentifier],
    );
    const claimedByOthers = new Map(others.map((o) => [o.resource, o.units]));
    for (const c of w.claims) {
      const available = (left.get(c.resource) ?? 0) - (claimedByOthers.get(c.resource) ?? 0);
      if (available < c.units) return w.participant.refusalFor!(c.resource);
    }
    return null;
  }
}

/**
 * One claim per resource (a cart may name a voucher or a member twice), first-seen order kept. Nothing is claimed for
 * zero units (a second voucher the pricing left nothing to pay with): there is nothing to hold back.
 */
function summed(claims: LimitClaim[]): LimitClaim[] {
  const byResource = new Map<string, number>();
  for (const c of claims) byResource.set(c.resource, (byResource.get(c.resource) ?? 0) + c.units);
  return [...byResource].filter(([, units]) => units > 0).map(([resource, units]) => ({ resource, units }));
}
