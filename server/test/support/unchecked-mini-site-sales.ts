import type { QueryRunner } from 'typeorm';
import { ChannelSaleParticipant } from '../../src/orders/channel-sale.participant';
import type { SaleInput, SaleOutcome } from '../../src/reservations/sale-input';
import type { LimitClaim } from '../../src/reservations/sale-participant';
import { barrier } from './barrier';

/**
 * TEST ONLY, for the mini-site balance races' control runs: the channel participant without its one check (no claim
 * before the charge, no re-check under the balance rows' lock in the sale), so its draw, unconditional, takes
 * whatever it is asked for. The first `parties` sales wait for each other before drawing (each has passed the
 * channel check's unlocked read by then, nothing committed yet): the interleaving the check exists for, every time.
 * Swapped in with a provider override (or the registry); src carries no switch. The control also lifts the balance's
 * CHECK in its own database (MINI_SITE_BACKSTOP), so nothing stops an oversell; with the CHECK kept, the same
 * participant shows the backstop alone refusing the same way.
 */
export function uncheckedMiniSiteSales(parties: number): typeof ChannelSaleParticipant {
  return class UncheckedChannelSaleParticipant extends ChannelSaleParticipant {
    private readonly together = barrier(parties);

    override claimsOf(): LimitClaim[] {
      return [];
    }

    override async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
      await this.together.arrive();
      return super.after(runner, sale, reservationId);
    }
  };
}

/** The balance's CHECK as the migration wrote it (put back NOT VALID after a control lifted it). */
export const MINI_SITE_BACKSTOP = {
  lift: 'ALTER TABLE mini_site_ticket DROP CONSTRAINT mini_site_ticket_balance_left',
  restore: `ALTER TABLE mini_site_ticket ADD CONSTRAINT mini_site_ticket_balance_left
    CHECK (balance IS NULL OR balance >= 0) NOT VALID`,
};
