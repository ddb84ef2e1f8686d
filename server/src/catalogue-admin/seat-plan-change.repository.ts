import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { priceZonesCarried, seatPlanChange, type OccupiedPlace } from '@hotline/shared';
import { faultPointFromEnv, reachFaultPoint } from '../common/test-fault-point';
import { returnedRows } from './named-rows';
import { SeatPlanMoveRepository } from './seat-plan-move.repository';
import { keyOf, parts, placeOf, placesOf, standingSections, targetSeats, type PlaceRow } from './seat-plan-places';

/** What the move needs from the live seat state (the seats context, through the service). */
export interface LiveSeats {
  /** Seat keys locked in carts now, and those blocked or held back by the box office. */
  read(): Promise<{ locked: string[]; blocked: string[] }>;
  /** The live state re-keyed to the new version; `missingKey` when a sold seat or a lock has no new key. */
  switchTo(replan: LiveReplan): Promise<{ ok: true } | { ok: false; missingKey: string }>;
}

/** The seats context's re-keying (seats/seat-store.port.ts Replan), as the catalogue hands it over. */
export interface LiveReplan {
  keys: Map<string, string>;
  oldGaSectionIds: number[];
  newGaSections: { id: number; capacity: number }[];
  recover?: boolean;
}

export type SeatPlanChangeOutcome =
  | { outcome: 'changed'; seatsMoved: number; fromPlanId: number; moveId: number }
  | { outcome: 'cancelled' | 'stale' | 'unchanged' | 'not-a-version' | 'draft' }
  | { outcome: 'seats-missing'; missing: OccupiedPlace[] }
  | { outcome: 'zones-missing'; codes: string[] };

/**
 * A date moved to another published version of its venue's plan, in one transaction under the date's row lock:
 * every place someone has (sold or held in PostgreSQL, locked in a cart in the live state) is found in the new
 * version by its names, or the move is refused with those that are not; then the date, its prices (ticket groups
 * zone by zone), its live tickets, its named seats set aside for mini-sites and the live state switch together.
 * A sale writing a ticket takes a key-share lock on the date's row (its foreign key, and the seat-in-plan trigger),
 * which the row lock blocks: a ticket sold before the move is counted here, one sold after it is checked against
 * the new version (constraint reservation_ticket_seat_in_plan).
 */
@Injectable()
export class SeatPlanChangeRepository {
  /** The race test's control run turns the date's row lock off to show the sale it lets through. Never off elsewhere. */
  lockRow = true;
  private readonly fault = faultPointFromEnv();

  constructor(
    private readonly db: DataSource,
    private readonly moves: SeatPlanMoveRepository,
  ) {}

  async changeSeatPlan(
    id: number,
    revision: number,
    toPlanId: number,
    live: LiveSeats,
    afterCheck?: () => Promise<void>,
  ): Promise<SeatPlanChangeOutcome> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `SELECT p.revision, p.cancelled_at, p.seatplan_id, sp.venue_id, sp.code
           FROM presentation p JOIN seatplan sp ON sp.id = p.seatplan_id WHERE p.id = $1 ${this.lockRow ? 'FOR UPDATE OF p' : ''}`,
        [id],
      );
      if (row.cancelled_at) return { outcome: 'cancelled' };
      if (row.revision !== revision) return { outcome: 'stale' };
      const fromPlanId = Number(row.seatplan_id);
      if (fromPlanId === toPlanId) return { outcome: 'unchanged' };
      const [target] = await tx.query('SELECT venue_id, code, published_at FROM seatplan WHERE id = $1', [toPlanId]);
      if (!target || Number(target.venue_id) !== Number(row.venue_id) || target.code !== row.code)
        return { outcome: 'not-a-version' };
      if (!target.published_at) return { outcome: 'draft' };

      const zones = priceZonesCarried(
        (
          await tx.query(
            'SELECT tg.zone_id, z.code FROM ticket_group tg JOIN zone z ON z.id = tg.zone_id WHERE tg.presentation_id = $1',
            [id],
          )
        ).map((z: { zone_id: number; code: string }) => ({ zoneId: Number(z.zone_id), code: z.code })),
        (await tx.query('SELECT id, code FROM zone WHERE seatplan_id = $1', [toPlanId])).map(
          (z: { id: number; code: string }) => ({ id: Number(z.id), code: z.code }),
        ),
      );
      if (!zones.ok) return { outcome: 'zones-missing', codes: zones.missingCodes };

      const liveState = await live.read();
      const occupied = await this.occupied(tx, id, liveState.locked);
      const standing = await standingSections(tx, toPlanId);
      const codes = [...new Set(occupied.map((o) => o.sectionCode))];
      const seats = await targetSeats(tx, toPlanId, codes);
      const change = seatPlanChange(occupied, seats, standing);
      if (!change.ok) return { outcome: 'seats-missing', missing: change.missing };
      await afterCheck?.();

      // Blocks and named seats set aside follow where the new version has their seat, and go where it has not.
      const extra = (await placesOf(tx, [...liveState.blocked, ...(await this.allocationKeys(tx, id))])).map((r) => ({
        key: keyOf(r),
        kind: 'locked' as const,
        ...placeOf(r),
      }));
      const extraSeats = await targetSeats(tx, toPlanId, [...new Set(extra.map((e) => e.sectionCode))]);
      const first = seatPlanChange(extra, extraSeats, standing);
      const gone = new Set(first.ok ? [] : first.missing.map((m) => m.key));
      const kept = seatPlanChange(
        extra.filter((e) => !gone.has(e.key)),
        extraSeats,
        standing,
      );
      const keys = new Map([...(kept.ok ? kept.keys : []), ...change.keys]);

      await tx.query('UPDATE presentation SET seatplan_id = $2, revision = revision + 1 WHERE id = $1', [id, toPlanId]);
      await tx.query(
        `UPDATE ticket_group tg SET zone_id = m.to_id FROM unnest($2::int[], $3::int[]) AS m(from_id, to_id)
          WHERE tg.presentation_id = $1 AND tg.zone_id = m.from_id`,
        [id, [...zones.zones.keys()], [...zones.zones.values()]],
      );
      const [fs, fx, fy] = parts([...keys.keys()]);
      const [ts, tx_, ty] = parts([...keys.values()]);
      const moved = await tx.query(
        `UPDATE reservation_ticket rt SET section_id = m.ts, x = m.tx, y = m.ty
           FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[]) AS m(fs, fx, fy, ts, tx, ty)
          WHERE rt.presentation_id = $1 AND rt.status = 'live' AND rt.section_id = m.fs AND rt.x = m.fx AND rt.y = m.fy
          RETURNING rt.id`,
        [id, fs, fx, fy, ts, tx_, ty],
      );
      await tx.query(
        `DELETE FROM seat_allocation sa WHERE sa.presentation_id = $1 AND NOT EXISTS (
           SELECT 1 FROM unnest($2::int[], $3::int[], $4::int[]) AS m(fs, fx, fy)
            WHERE sa.section_id = m.fs AND sa.x = m.fx AND sa.y = m.fy)`,
        [id, fs, fx, fy],
      );
      await tx.query(
        `UPDATE seat_allocation sa SET section_id = m.ts, x = m.tx, y = m.ty
           FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[]) AS m(fs, fx, fy, ts, tx, ty)
          WHERE sa.presentation_id = $1 AND sa.section_id = m.fs AND sa.x = m.fx AND sa.y = m.fy`,
        [id, fs, fx, fy, ts, tx_, ty],
      );
      const oldGa: { id: number }[] = await tx.query(
        'SELECT id FROM section WHERE seatplan_id = $1 AND NOT is_reserved',
        [fromPlanId],
      );
      // Last, still under the row lock: the live state follows. Refused (a lock taken since it was read, on a seat
      // the new version lacks), the whole move rolls back. The move's record is committed first, on its own: if this
      // process dies between the switch and the commit below, the recovery job finds it and puts the live state back
      // on the version PostgreSQL holds (seat-plan-move.repository.ts).
      const moveId = await this.moves.begin(id, fromPlanId, toPlanId);
      const switched = await live.switchTo({
        keys,
        oldGaSectionIds: oldGa.map((s) => Number(s.id)),
        newGaSections: standing.map((s) => ({ id: s.sectionId, capacity: s.capacity })),
      });
      if (!switched.ok) {
        const [place] = await placesOf(tx, [switched.missingKey]);
        throw new LiveSeatMissing(place ? { key: switched.missingKey, kind: 'locked', ...placeOf(place) } : null);
      }
      await this.moves.markCommitted(tx, moveId);
      reachFaultPoint(this.fault, 'after-plan-switch');
      return { outcome: 'changed', seatsMoved: returnedRows(moved).length, fromPlanId, moveId };
    });
  }

  /** Sold and held seats (PostgreSQL) and seats locked in carts (the live state), each with its names. */
  private async occupied(tx: EntityManager, id: number, locked: string[]): Promise<OccupiedPlace[]> {
    const tickets: (PlaceRow & { on_hold: boolean })[] = await tx.query(
      `SELECT rt.section_id, rt.x, rt.y, sc.code AS section_code, sc.is_reserved, s.row_name, s.seat_name, rt.on_hold
         FROM reservation_ticket rt JOIN section sc ON sc.id = rt.section_id
         LEFT JOIN seat s ON s.section_id = rt.section_id AND s.x = rt.x AND s.y = rt.y
        WHERE rt.presentation_id = $1 AND rt.status = 'live'
        ORDER BY sc.code, s.row_order, rt.x, rt.y`,
      [id],
    );
    const sold = tickets.map((r) => ({
      key: keyOf(r),
      kind: r.on_hold ? ('held' as const) : ('sold' as const),
      ...placeOf(r),
    }));
    const taken = new Set(sold.map((s) => s.key));
    const carts = (
      await placesOf(
        tx,
        locked.filter((k) => !taken.has(k)),
      )
    ).map((r) => ({
      key: keyOf(r),
      kind: 'locked' as const,
      ...placeOf(r),
    }));
    return [...sold, ...carts];
  }

  private async allocationKeys(tx: EntityManager, id: number): Promise<string[]> {
    const rows: { section_id: number; x: number; y: number }[] = await tx.query(
      'SELECT section_id, x, y FROM seat_allocation WHERE presentation_id = $1',
      [id],
    );
    return rows.map(keyOf);
  }
}

/** Thrown inside the transaction to roll the move back when the live state refused the switch. */
export class LiveSeatMissing extends Error {
  constructor(readonly place: OccupiedPlace | null) {
    super('a seat locked during the move is not in the new version');
  }
}
