import type { QueryRunner } from 'typeorm';
import type { SaleInput, SaleOutcome } from '../../src/reservations/sale-input';
import type { LimitClaim, SaleParticipant } from '../../src/reservations/sale-participant';
import { barrierOf } from './barrier';

type ParticipantClass = new (...args: any[]) => SaleParticipant;

/**
 * TEST ONLY, for the races' control runs of a participant that draws a counter after the reservation (memberships,
 * the mini-site channel): `Base` without its one check (no claim before the charge, no re-check under the rows' lock
 * in the sale), so its draws, unconditional, take whatever they are asked for. The first `parties` sales wait for
 * each other before drawing (each has passed the quote's unlocked read by then, nothing is committed yet): the
 * interleaving the check exists for, every time, without a clock. Swapped in with a provider override (or the
 * registry); src carries no switch. With the counter's CHECK lifted too, nothing stops an oversell; with it kept, the
 * same participant shows the backstop alone refusing the same way.
 */
export function withoutTheCheck<C extends ParticipantClass>(Base: C, parties: number): C {
  return class extends Base {
    readonly together = barrierOf(parties);

    override claimsOf(): LimitClaim[] {
      return [];
    }

    override async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
      await this.together.arrive();
      return (await super.after?.(runner, sale, reservationId)) ?? null;
    }
  };
}
