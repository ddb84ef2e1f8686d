import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
  type SaleOutcome,
} from '../reservations';
import { recordSaleReferences, USED_SQL, type SaleReference } from './reference-sale';

declare module '../reservations' {
  interface SaleInput {
    /** Ticket references (ref1/ref2) the tickets draw on (this participant's payload). */
    references?: SaleReference[];
  }
}

/** Ticket references (ref1/ref2): quantities locked and re-counted (`remaining`), the tickets' references recorded after the sale. */
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

  /**
   * Tickets left on each reference option: its quantity less its live tickets, counted in a second statement once
   * the option rows are locked (a statement that waited for the lock would read with its older snapshot).
   */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const ids = resources.map((r) => Number(r.slice('reference:'.length)));
    const options: { id: number; quantity: number }[] = await runner.query(
      'SELECT id, quantity FROM ticket_reference_option WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    const used: { optionId: number; used: number }[] = await runner.query(USED_SQL, [ids]);
    const usedOf = new Map(used.map((u) => [u.optionId, u.used]));
    return new Map(options.map((o) => [`reference:${o.id}`, o.quantity - (usedOf.get(o.id) ?? 0)]));
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: 'REFERENCE_NOT_ELIGIBLE', detail: resource.slice('reference:'.length) };
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await recordSaleReferences(runner, reservationId, sale.references ?? []);
    return null;
  }
}
