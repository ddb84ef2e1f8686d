import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { RegisteredSaleParticipant, type SaleInput, type SaleOutcome } from '../reservations';

/**
 * A hold order is a state of the sale, not a second writer: the same sale (every limit checked by the other
 * participants), whose statement writes the reservation as this customer's unpaid hold (`SaleInput.hold`); this
 * participant records the hold order and its deadline in the same transaction. Last in the lock order: it only
 * writes its own table.
 */
@Injectable()
export class HoldSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'hold';
  readonly order = 60;

  applies(sale: SaleInput): boolean {
    return !!sale.hold;
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await runner.query(`INSERT INTO hold_order (reservation_id, customer_id, release_at) VALUES ($1, $2, $3)`, [
      reservationId,
      sale.hold!.customerId,
      sale.hold!.releaseAt,
    ]);
    return null;
  }
}
