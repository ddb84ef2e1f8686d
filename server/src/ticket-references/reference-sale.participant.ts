import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
} from '../reservations/sale-participant';
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

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    return [...(sale.references ?? [])]
      .sort((a, b) => a.optionId - b.optionId)
      .map((r) => ({ resource: `reference:${r.optionId}`, units: r.seats.length }))
      .filter((c) => c.units > 0);
  }

  /** Tickets left on each reference option (its quantity less its live tickets), the option rows locked. */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const rows: { id: number; left: number }[] = await runner.query(
      `SELECT o.id, o.quantity - (SELECT count(*) FROM reservation_ticket_reference r
                                    JOIN reservation_ticket rt ON rt.id = r.reservation_ticket_id AND rt.status = 'live'
                                   WHERE r.option_id = o.id)::int AS left
         FROM ticket_reference_option o WHERE o.id = ANY($1::int[]) ORDER BY o.id FOR UPDATE OF o`,
      [resources.map((r) => Number(r.slice('reference:'.length)))],
    );
    return new Map(rows.map((r) => [`reference:${r.id}`, r.left]));
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: 'REFERENCE_NOT_ELIGIBLE', detail: resource.slice('reference:'.length) };
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
