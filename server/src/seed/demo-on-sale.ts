import type { EntityManager } from 'typeorm';
import { BACK_OFFICE_PERMISSION } from '@hotline/shared';

/**
 * The demo on-sale behind the waiting room (docs/waiting-room.md): "Tel Aviv Nights" once
 * more in the cinema, twelve days out (after the demo week, so the flows and tests that pick the
 * soonest show never meet the queue), on sale from the moment of seeding, 60 admitted a minute,
 * 200 shopping at once, 15 minutes each. Also gives the demo admin the on-sale permission in an
 * older database. Seeded once.
 */
export async function seedDemoOnSaleIfEmpty(tx: EntityManager): Promise<number | null> {
  await tx.query(
    `INSERT INTO staff_permission (staff_user_id, permission)
     SELECT id, $1 FROM staff_user WHERE username = 'admin' ON CONFLICT DO NOTHING`,
    [BACK_OFFICE_PERMISSION.onSaleAdmin],
  );
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM on_sale');
  if (n > 0) return null;
  const [source] = await tx.query(
    `SELECT p.id FROM presentation p JOIN feature f ON f.id = p.feature_id
      WHERE f.name_en = 'Tel Aviv Nights' AND p.seating_policy_id = 1 ORDER BY p.date_time, p.id LIMIT 1`,
  );
  if (!source) return null;
  const id = await copyPresentation(tx, source.id, 12);
  await tx.query(
    `INSERT INTO on_sale (presentation_id, enabled, sale_starts_at, max_active, admit_per_minute, shopping_minutes)
     VALUES ($1, true, now(), 200, 60, 15)`,
    [id],
  );
  return id;
}

/**
 * The demo line: with the on-sale above a visitor is admitted at once, so nobody sees the
 * waiting page with a place, an estimate and a countdown. "Tel Aviv Nights" once more, thirteen days out, on sale
 * since seeding, 12 admitted a minute (one every five seconds), and `demo_line_ahead` 40: whoever joins finds at
 * least 40 synthetic entries ahead (about three and a half minutes), and the page says they are simulated. Seeded
 * once, also into an older database that already has the first on-sale.
 */
export async function seedDemoLineOnSaleIfMissing(tx: EntityManager): Promise<number | null> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM on_sale WHERE demo_line_ahead > 0');
  if (n > 0) return null;
  const [source] = await tx.query(
    `SELECT p.id FROM presentation p JOIN feature f ON f.id = p.feature_id
      WHERE f.name_en = 'Tel Aviv Nights' AND p.seating_policy_id = 1 ORDER BY p.date_time, p.id LIMIT 1`,
  );
  if (!source) return null;
  const id = await copyPresentation(tx, source.id, 13);
  await tx.query(
    `INSERT INTO on_sale (presentation_id, enabled, sale_starts_at, max_active, admit_per_minute, shopping_minutes,
                          demo_line_ahead)
     VALUES ($1, true, now(), 200, 12, 15, 40)`,
    [id],
  );
  return id;
}

/** A copy of a presentation `days` later with its ticket groups and tickets (a queued show of its own). */
async function copyPresentation(tx: EntityManager, sourceId: number, days: number): Promise<number> {
  const [p] = await tx.query(
    `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time,
                               venue_type_id, seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap)
     SELECT feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time + ($2 || ' days')::interval,
            venue_type_id, seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap
       FROM presentation WHERE id = $1 RETURNING id`,
    [sourceId, String(days)],
  );
  const groups: { id: number }[] = await tx.query(
    'SELECT id FROM ticket_group WHERE presentation_id = $1 ORDER BY sort_order, id',
    [sourceId],
  );
  for (const g of groups) {
    const [copy] = await tx.query(
      `INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order, translations)
       SELECT $1, zone_id, name, name_en, color, is_by_code_enabled, sort_order, translations FROM ticket_group WHERE id = $2
       RETURNING id`,
      [p.id, g.id],
    );
    await tx.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, old_price, service_charge, price_policy_id, code,
                           multiply_factor, is_voucher, balance, sort_order, translations)
       SELECT $1, name, name_en, price, old_price, service_charge, price_policy_id, code,
              multiply_factor, is_voucher, balance, sort_order, translations FROM ticket WHERE ticket_group_id = $2`,
      [copy.id, g.id],
    );
  }
  return p.id;
}
