import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { RegisteredSaleParticipant } from '../reservations/sale-participant';
import type { SaleInput, SaleOutcome } from '../reservations/sales.repository';
import { drawDownMiniSiteBalances, recordSaleChannel } from './sale-channel';

/** The storefront channel: mini-site ticket balances drawn down before the sale, the channel recorded after it. */
@Injectable()
export class ChannelSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'channel';
  readonly order = 50;

  applies(sale: SaleInput): boolean {
    return !!sale.channel;
  }

  async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    if (await drawDownMiniSiteBalances(runner, sale.channel!)) return null;
    return { ok: false, reason: 'MINI_SITE_BALANCE_USED_UP' };
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await recordSaleChannel(runner, reservationId, sale.channel!);
    return null;
  }
}
