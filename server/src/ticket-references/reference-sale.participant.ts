import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { RegisteredSaleParticipant } from '../reservations/sale-participant';
import type { SaleInput, SaleOutcome } from '../reservations/sales.repository';
import { lockReferenceQuantities, recordSaleReferences } from './reference-sale';

/** Ticket references (ref1/ref2): quantities locked and re-counted before the sale, the tickets' references after. */
@Injectable()
export class ReferenceSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'references';
  readonly order = 30;

  applies(sale: SaleInput): boolean {
    return (sale.references?.length ?? 0) > 0;
  }

  async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    const spent = await lockReferenceQuantities(runner, sale.references ?? []);
    return spent === null ? null : { ok: false, reason: 'REFERENCE_NOT_ELIGIBLE', detail: String(spent) };
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await recordSaleReferences(runner, reservationId, sale.references ?? []);
    return null;
  }
}
