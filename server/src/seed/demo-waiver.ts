import type { EntityManager } from 'typeorm';

/**
 * The demo event that needs a waiver: "The Summer Concert" once more, ten
 * days out, on the arena plan, with a stage-front standing-zone waiver and two tickets
 * per zone with age bands - adult (13+) and child (6-12). Placed after the demo week so
 * the flows that pick the soonest show never meet it. Seeded once, also into an older
 * database.
 */
const TERMS_HE =
  'אני מאשר/ת שההשתתפות באזור העמידה שלפני הבמה היא באחריותי. ידוע לי שיש בו צפיפות, רעש ותאורה מהבהבת. ' +
  'ילדים בני 6 עד 12 ישהו באזור רק בליווי המבוגר החותם. אמלא אחר הוראות הסדרנים ואעזוב את האזור כשיתבקש.';
const TERMS_EN =
  'I confirm that taking part in the standing zone in front of the stage is at my own risk. I know it is crowded, loud ' +
  'and has flashing lights. Children aged 6 to 12 stay in the zone only with the signing adult. I will follow the ' +
  "stewards' instructions and leave the zone when asked.";

export async function seedDemoWaiverIfEmpty(tx: EntityManager): Promise<number | null> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM presentation_waiver');
  if (n > 0) return null;
  const [source] = await tx.query(
    `SELECT p.id FROM presentation p JOIN feature f ON f.id = p.feature_id
      WHERE f.name_en = 'The Summer Concert' ORDER BY p.date_time, p.id LIMIT 1`,
  );
  if (!source) return null;
  const [p] = await tx.query(
    `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time,
                               venue_type_id, seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap)
     SELECT feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time + interval '10 days',
            venue_type_id, seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap
       FROM presentation WHERE id = $1 RETURNING id`,
    [source.id],
  );
  const groups: { id: number; zone_id: number; price: number; service_charge: number }[] = await tx.query(
    `SELECT g.id, g.zone_id, t.price, t.service_charge FROM ticket_group g
       JOIN LATERAL (SELECT price, service_charge FROM ticket WHERE ticket_group_id = g.id AND code IS NULL
                      ORDER BY sort_order, id LIMIT 1) t ON true
      WHERE g.presentation_id = $1 ORDER BY g.sort_order, g.id`,
    [source.id],
  );
  for (const g of groups) {
    const [copy] = await tx.query(
      `INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order)
       SELECT $1, zone_id, name, name_en, color, false, sort_order FROM ticket_group WHERE id = $2 RETURNING id`,
      [p.id, g.id],
    );
    await tx.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, min_age, max_age, sort_order)
       VALUES ($1, 'מבוגר (13+)', 'Adult (13+)', $2, $3, 13, NULL, 0),
              ($1, 'ילד (6-12)', 'Child (6-12)', $4, $3, 6, 12, 1)`,
      [copy.id, g.price, g.service_charge, Math.round((g.price * 0.6) / 100) * 100],
    );
  }
  await tx.query(`INSERT INTO presentation_waiver (presentation_id, terms, terms_en) VALUES ($1, $2, $3)`, [
    p.id,
    TERMS_HE,
    TERMS_EN,
  ]);
  return p.id;
}
