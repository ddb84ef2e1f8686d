import { ChannelSaleParticipant } from '../../src/orders/channel-sale.participant';
import { withoutTheCheck } from './unchecked-sale-participant';

/** The channel participant without its one check, `parties` sales held before their draws (a control's). */
export const uncheckedMiniSiteSales = (parties: number): typeof ChannelSaleParticipant =>
  withoutTheCheck(ChannelSaleParticipant, parties);

/** The balance's CHECK as the migration wrote it (put back NOT VALID after a control lifted it). */
export const MINI_SITE_BACKSTOP = {
  lift: 'ALTER TABLE mini_site_ticket DROP CONSTRAINT mini_site_ticket_balance_left',
  restore: `ALTER TABLE mini_site_ticket ADD CONSTRAINT mini_site_ticket_balance_left
    CHECK (balance IS NULL OR balance >= 0) NOT VALID`,
};
