import type { LimitClaim } from '../../src/reservations/sale-participant';
import type { QueryRunner } from 'typeorm';
import { ChannelSaleParticipant } from '../../src/orders/channel-sale.participant';
import type { SaleInput, SaleOutcome } from '../../src/reservations/sales.repository';

/**
 * TEST ONLY, for the mini-site balance race's control run: the balance drawn down the naive way - read it without
 * a lock, check, wait a moment (any real work between the two would do), write back what was read minus the
 * seats. Swapped in with a @nestjs/testing provider override; src carries no switch. Concurrent sales overwrite
 * each other's draw-downs, so the mini-site sells more tickets than its balance.
 */
export class UnguardedMiniSiteSalesRepository extends ChannelSaleParticipant {
  /** No claim before the charge either: the control shows the race with none of the participant's guards. */
  override claimsOf(): LimitClaim[] {
    return [];
  }

  override async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    const channel = sale.channel;
    if (!channel || channel.miniSiteId === null) return null;
    for (const b of channel.balances) {
      const [row]: { balance: number }[] = await runner.query(
        'SELECT balance FROM mini_site_ticket WHERE mini_site_id = $1 AND ticket_id = $2',
        [channel.miniSiteId, b.ticketId],
      );
      if (!row || row.balance < b.seats) return { ok: false, reason: 'MINI_SITE_BALANCE_USED_UP' };
      await runner.query('SELECT pg_sleep(0.05)');
      await runner.query('UPDATE mini_site_ticket SET balance = $3 WHERE mini_site_id = $1 AND ticket_id = $2', [
        channel.miniSiteId,
        b.ticketId,
        row.balance - b.seats,
      ]);
    }
    return null;
  }
}
