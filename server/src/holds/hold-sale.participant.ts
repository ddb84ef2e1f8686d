import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { RegisteredSaleParticipant, type SaleInput, type SaleOutcome } from '../reservations';

/**
 * A hold order is a state of the sale, not a second writer: the same sale (every limit checked by the other
 * participants) with its reservation turned into this customer's unpaid hold and its deadline, in the same
 * transaction. Last in the lock order: it only writes rows of its own reservation.
 */
@Injectable()
export class HoldSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'hold';
  readonly order = 60;

  applies(sale: SaleInput): boolean {
    return !!sale.hold;
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await runner.query(
      `WITH r AS (UPDATE reservation SET state = 'hold', customer_id = $2 WHERE id = $1 RETURNING id)
       INSERT INTO hold_order (reservation_id, customer_id, release_at) SELECT id, $2, $3 FROM r`,
      [reservationId, sale.hold!.customerId, sale.hold!.releaseAt],
    );
    return null;
  }
}
