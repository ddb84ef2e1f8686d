import type { EntityManager } from 'typeorm';

/** The demo mini-site's address: /mini-site/demo-company (docs/storefront-modes.md). */
export const DEMO_MINI_SITE_URL = 'demo-company';
/** Seats set aside per demo presentation: the first rows of the first reserved section. */
const ALLOCATED_ROWS = 3;
/** How many employee tickets the mini-site may sell per price zone. */
const EMPLOYEE_BALANCE = 40;

/**
 * The demo mini-site: "The Dybbuk" twice more, twelve and thirteen days out (after the demo week, so
 * the flows that pick the soonest show never meet them), sold on /mini-site/demo-company with an employee ticket
 * per zone (a limited Balance) and the first rows set aside (AllocationId 1), which the mini-site and the live
 * mode sell. The demo partner of the partner links needs no rows: it is the development default of
 * INTEGRATION_PARTNERS. Seeded once, also into an older database.
 */
export async function seedDemoMiniSiteIfEmpty(tx: EntityManager): Promise<number | null> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM mini_site');
  if (n > 0) return null;
  const [source] = await tx.query(
    `SELECT p.id FROM presentation p JOIN feature f ON f.id = p.feature_id
      WHERE f.name_en = 'The Dybbuk' ORDER BY p.date_time, p.id LIMIT 1`,
  );
  if (!source) return null;
  const [site] = await tx.query(
    `INSERT INTO mini_site (url, name, name_en, translations, mode)
     VALUES ($1, 'הטבת עובדים - אקמה בע״מ', 'Acme Ltd. staff offer',
             '{"ru": {"name": "Предложение для сотрудников «Акме»"}, "ar": {"name": "عرض موظفي أكمي"}}'::jsonb, 'seats')
     RETURNING id`,
    [DEMO_MINI_SITE_URL],
  );
  for (const days of [12, 13]) {
    const [p] = await tx.query(
      `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time,
                                 venue_type_id, seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap)
       SELECT feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id,
              date_time + make_interval(days => $2), venue_type_id, seating_policy_id, is_reserved, max_seats_per_order,
              no_single_seat_gap
         FROM presentation WHERE id = $1 RETURNING id, seatplan_id`,
      [source.id, days],
    );
    await tx.query('INSERT INTO mini_site_presentation (mini_site_id, presentation_id) VALUES ($1, $2)', [
      site.id,
      p.id,
    ]);
    const groups: { id: number }[] = await tx.query(
      'SELECT id FROM ticket_group WHERE presentation_id = $1 ORDER BY sort_order, id',
      [source.id],
    );
    for (const g of groups) {
      const [copy] = await tx.query(
        `INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order, translations)
         SELECT $1, zone_id, name, name_en, color, false, sort_order, translations FROM ticket_group WHERE id = $2
         RETURNING id`,
        [p.id, g.id],
      );
      // The public tickets stay on sale to everyone; the mini-site sells only the employee ticket.
      await tx.query(
        `INSERT INTO ticket (ticket_group_id, name, name_en, price, old_price, service_charge, sort_order, translations)
         SELECT $1, name, name_en, price, old_price, service_charge, sort_order, translations
           FROM ticket WHERE ticket_group_id = $2 AND code IS NULL ORDER BY sort_order, id`,
        [copy.id, g.id],
      );
      const [employee] = await tx.query(
        `INSERT INTO ticket (ticket_group_id, name, name_en, price, old_price, service_charge, sort_order, translations)
         SELECT $1, 'עובד/ת אקמה', 'Acme employee', round(price * 0.6 / 100) * 100, price, 0, 100,
                '{"ru": {"name": "Сотрудник «Акме»"}, "ar": {"name": "موظف أكمي"}}'::jsonb
           FROM ticket WHERE ticket_group_id = $2 AND code IS NULL ORDER BY sort_order, id LIMIT 1
         RETURNING id`,
        [copy.id, g.id],
      );
      if (employee)
        await tx.query(
          `INSERT INTO mini_site_ticket (mini_site_id, ticket_id, balance, reference1) VALUES ($1, $2, $3, NULL)
           ON CONFLICT DO NOTHING`,
          [site.id, employee.id, EMPLOYEE_BALANCE],
        );
    }
    await tx.query(
      `INSERT INTO seat_allocation (presentation_id, section_id, x, y, allocation_id)
       SELECT $1, s.section_id, s.x, s.y, 1
         FROM seat s
        WHERE s.seatplan_id = $2
          AND s.section_id = (SELECT id FROM section WHERE seatplan_id = $2 AND is_reserved ORDER BY sort_order, id LIMIT 1)
          AND s.row_order IN (SELECT DISTINCT row_order FROM seat WHERE seatplan_id = $2 AND section_id = s.section_id
                               ORDER BY row_order LIMIT $3)`,
      [p.id, p.seatplan_id, ALLOCATED_ROWS],
    );
  }
  return site.id;
}
