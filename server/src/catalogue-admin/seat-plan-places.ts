import type { EntityManager } from 'typeorm';
import type { TargetPlace, TargetStandingSection } from '@hotline/shared';

/** A plan version's places as the move to another version and its recovery read them (by key and by their names). */
export interface PlaceRow {
  section_id: number;
  x: number;
  y: number;
  section_code: string;
  is_reserved: boolean;
  row_name: string | null;
  seat_name: string | null;
}

export const keyOf = (r: { section_id: number; x: number; y: number }) => `${r.section_id}:${r.x}:${r.y}`;
export const placeOf = (r: PlaceRow) => ({
  sectionCode: r.section_code,
  row: r.is_reserved ? (r.row_name ?? '') : null,
  seat: r.is_reserved ? (r.seat_name ?? '') : String(r.x),
});
export const parts = (keys: string[]) => {
  const split = keys.map((k) => k.split(':').map(Number));
  return [split.map((p) => p[0]), split.map((p) => p[1]), split.map((p) => p[2])];
};

/** Seat keys with their section's code and the seat's row and seat labels. */
export async function placesOf(tx: EntityManager, keys: string[]): Promise<PlaceRow[]> {
  if (keys.length === 0) return [];
  const [sids, xs, ys] = parts(keys);
  return tx.query(
    `SELECT k.sid AS section_id, k.x, k.y, sc.code AS section_code, sc.is_reserved, s.row_name, s.seat_name
       FROM unnest($1::int[], $2::int[], $3::int[]) AS k(sid, x, y) JOIN section sc ON sc.id = k.sid
       LEFT JOIN seat s ON s.section_id = k.sid AND s.x = k.x AND s.y = k.y
      ORDER BY sc.code, s.row_order, k.x, k.y`,
    [sids, xs, ys],
  );
}

/** The new version's numbered seats in these sections (by code). */
export async function targetSeats(tx: EntityManager, planId: number, codes: string[]): Promise<TargetPlace[]> {
  if (codes.length === 0) return [];
  const rows: PlaceRow[] = await tx.query(
    `SELECT s.section_id, s.x, s.y, sc.code AS section_code, true AS is_reserved, s.row_name, s.seat_name
       FROM seat s JOIN section sc ON sc.id = s.section_id
      WHERE s.seatplan_id = $1 AND sc.code = ANY($2)`,
    [planId, codes],
  );
  return rows.map((r) => ({
    key: keyOf(r),
    sectionCode: r.section_code,
    row: r.row_name ?? '',
    seat: r.seat_name ?? '',
  }));
}

/** A version's standing areas (general admission) with their capacities. */
export async function standingSections(tx: EntityManager, planId: number): Promise<TargetStandingSection[]> {
  const rows: { id: number; code: string; capacity: number | null }[] = await tx.query(
    'SELECT id, code, capacity FROM section WHERE seatplan_id = $1 AND NOT is_reserved',
    [planId],
  );
  return rows.map((r) => ({ sectionCode: r.code, sectionId: Number(r.id), capacity: r.capacity ?? 0 }));
}
