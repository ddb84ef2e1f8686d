import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { normaliseReference, referenceEligibility } from '@hotline/shared';
import { AppError } from '../common/app-error';
import './ticket-references.errors';
import { USED_SQL, type SaleReference } from './reference-sale';

/** A seat of an order as the reference check sees it. */
export interface ReferencedSeat {
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  ticketId: number;
  ref1?: string | null;
  ref2?: string | null;
  /** The second seat of a couple ticket: the main seat carries the ticket's reference. */
  subTicket?: boolean;
}

interface MatchedOption {
  i: number;
  optionId: number;
  quantity: number;
  reference1: string;
  reference2: string;
}

/**
 * The storefront's ticket prompts (ref1/ref2) against the back office's quantities
 * (docs/back-office.md "Ticket references"). Read-only: the quote and the storefront's
 * check ask here; the sale re-checks under the option's row lock (reference-sale.participant.ts).
 */
@Injectable()
export class ReferenceEligibility {
  constructor(private readonly db: DataSource) {}

  /**
   * The references an order's seats draw on. A seat whose ticket prompts for a reference must carry
   * one (REFERENCE_REQUIRED) that is an allowed pair with enough left for every seat of the order
   * that uses it (REFERENCE_NOT_ELIGIBLE, the same answer for unknown and used-up references).
   */
  async check(seats: ReferencedSeat[], known?: Map<number, { ref2: boolean }>): Promise<SaleReference[]> {
    if (seats.length === 0) return [];
    // `known`: the prompts the caller read with its tickets (the tickets that prompt, as prompts() answers).
    const prompts = known ?? (await this.prompts([...new Set(seats.map((s) => s.ticketId))]));
    const asked = seats.filter((s) => !s.subTicket && prompts.has(s.ticketId));
    if (asked.length === 0) return [];
    for (const s of asked) {
      const p = prompts.get(s.ticketId)!;
      if (!normaliseReference(s.ref1) || (p.ref2 && !normaliseReference(s.ref2)))
        throw new AppError('REFERENCE_REQUIRED');
    }
    const matched: MatchedOption[] = await this.db.query(
      `SELECT DISTINCT ON (s.i) s.i::int AS i, o.id AS "optionId", o.quantity, o.reference1, o.reference2
         FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) WITH ORDINALITY AS s(pid, tid, r1, r2, i)
         JOIN presentation p ON p.id = s.pid
         JOIN feature f ON f.id = p.feature_id
         JOIN ticket tk ON tk.id = s.tid
         JOIN ticket_reference_option o ON o.business_id = p.business_id
          AND ((o.price_type = 1 AND o.price_id = tk.id) OR (o.price_type = 2 AND o.price_id = tk.price_policy_id))
          AND (o.presentation_id IS NULL OR o.presentation_id = p.id)
          AND (o.feature_id IS NULL OR o.feature_id = p.feature_id)
          AND (o.feature_category_id IS NULL OR o.feature_category_id = f.feature_category_id)
          AND lower(o.reference1) = s.r1 AND lower(o.reference2) = s.r2
        ORDER BY s.i, o.price_type, o.id`,
      [
        asked.map((s) => s.presentationId),
        asked.map((s) => s.ticketId),
        asked.map((s) => normaliseReference(s.ref1)),
        asked.map((s) => (prompts.get(s.ticketId)!.ref2 ? normaliseReference(s.ref2) : '')),
      ],
    );
    if (matched.length !== asked.length) throw new AppError('REFERENCE_NOT_ELIGIBLE');
    const used: { optionId: number; used: number }[] = await this.db.query(USED_SQL, [
      [...new Set(matched.map((m) => m.optionId))],
    ]);
    const usedOf = new Map(used.map((u) => [u.optionId, u.used]));
    const byOption = new Map<number, SaleReference & { quantity: number }>();
    for (const m of matched) {
      const seat = asked[m.i - 1]!;
      const ref = byOption.get(m.optionId) ?? {
        optionId: m.optionId,
        reference1: m.reference1,
        reference2: m.reference2,
        quantity: m.quantity,
        seats: [],
      };
      ref.seats.push({ presentationId: seat.presentationId, sectionId: seat.sectionId, x: seat.x, y: seat.y });
      byOption.set(m.optionId, ref);
    }
    for (const r of byOption.values()) {
      const verdict = referenceEligibility({ quantity: r.quantity, used: usedOf.get(r.optionId) ?? 0 }, r.seats.length);
      if (verdict !== 'ok') throw new AppError('REFERENCE_NOT_ELIGIBLE');
    }
    return [...byOption.values()].map(({ quantity: _q, ...r }) => r);
  }

  /** Which of these tickets prompt for a reference (and whether for a second one). */
  async prompts(ticketIds: number[]): Promise<Map<number, { ref2: boolean }>> {
    if (ticketIds.length === 0) return new Map();
    const rows: { id: number; ref2: boolean }[] = await this.db.query(
      `SELECT id, ref2_prompt IS NOT NULL AS ref2 FROM ticket WHERE id = ANY($1::int[]) AND ref1_prompt IS NOT NULL`,
      [ticketIds],
    );
    return new Map(rows.map((r) => [r.id, { ref2: r.ref2 }]));
  }
}
