import type { EntityManager } from 'typeorm';
import { translationsOf } from './demo-translations';

/**
 * Demo memberships (docs/memberships.md). Seeded once, when there are none yet (also into a
 * database seeded before memberships existed). Money in agorot.
 *  - CINEMA-CARD: a regular membership (type 1), 10 member tickets, no seat; the first demo customer holds one.
 *  - CINEMA-SEAT: a regular membership with a seat on the first cinema show (a membership seat lock).
 *  - THEATRE-SERIES: a series (type 2) over three theatre shows, one fixed seat held on all of them.
 *  - SEASON: season enrolment (type 3) over four cinema shows, the first one required, priced per rate.
 *  - SEASON-FLEX: season enrolment with IsSkipMemberSeat (placeholder seats) and per-ticket pricing.
 *  - Member tickets: a "member price" ticket (code MEMBER, so public lists never show it) in every cinema
 *    ticket group, each drawing one unit from the member's balance.
 */
export async function seedDemoMembershipsIfEmpty(tx: EntityManager): Promise<boolean> {
  const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM membership');
  if (n > 0) return false;
  const cinema: { id: number }[] = await tx.query(
    `SELECT p.id FROM presentation p JOIN venue v ON v.id = p.venue_id
      WHERE v.code = 'cinema' AND p.seating_policy_id = 1 ORDER BY p.date_time, p.id`,
  );
  const theatre: { id: number }[] = await tx.query(
    `SELECT p.id FROM presentation p JOIN venue v ON v.id = p.venue_id
      WHERE v.code = 'theatre' ORDER BY p.date_time, p.id`,
  );
  if (cinema.length < 4) return false;

  const [season] = await tx.query(
    `INSERT INTO season (name, name_en) VALUES ('עונת 2026', 'Season 2026') RETURNING id`,
  );
  const membership = async (m: {
    type: number;
    code: string;
    name: string;
    nameEn: string;
    className: string;
    seasonId?: number | null;
    seatPresentationId?: number | null;
    skipSeat?: boolean;
    perTicket?: boolean;
    units?: number;
    sort: number;
    prices: { code: string; name: string; nameEn: string; price: number; topup?: number }[];
  }): Promise<number> => {
    const [row] = await tx.query(
      `INSERT INTO membership (membership_type_id, code, name, name_en, translations, class_name, season_id,
                               seat_presentation_id, is_skip_member_seat, is_pricing_per_ticket, balance_units, sort_order)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
      [
        m.type,
        m.code,
        m.name,
        m.nameEn,
        JSON.stringify(translationsOf({ name: m.nameEn })),
        m.className,
        m.seasonId ?? null,
        m.seatPresentationId ?? null,
        m.skipSeat ?? false,
        m.perTicket ?? false,
        m.units ?? 0,
        m.sort,
      ],
    );
    for (const [i, p] of m.prices.entries()) {
      await tx.query(
        `INSERT INTO membership_price (membership_id, price_code, name, name_en, price_agorot, reference1, is_topup, topup_units, sort_order, translations)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
        [
          row.id,
          p.code,
          p.name,
          p.nameEn,
          p.price,
          p.code,
          (p.topup ?? 0) > 0,
          p.topup ?? 0,
          i,
          JSON.stringify(translationsOf({ name: p.nameEn })),
        ],
      );
    }
    return row.id;
  };

  const card = await membership({
    type: 1,
    code: 'CINEMA-CARD',
    name: 'כרטיסיית קולנוע',
    nameEn: 'Cinema card',
    className: 'card',
    units: 10,
    sort: 1,
    prices: [
      { code: 'CARD10', name: '10 כניסות', nameEn: '10 entries', price: 25_000 },
      { code: 'TOPUP5', name: 'טעינה: 5 כניסות', nameEn: 'Top-up: 5 entries', price: 12_500, topup: 5 },
    ],
  });
  await membership({
    type: 1,
    code: 'CINEMA-SEAT',
    name: 'מנוי קולנוע עם מושב',
    nameEn: 'Cinema membership with a seat',
    className: 'seat',
    seatPresentationId: cinema[0]!.id,
    units: 4,
    sort: 2,
    prices: [{ code: 'SEAT', name: 'מנוי עם מושב', nameEn: 'Membership with a seat', price: 18_000 }],
  });
  if (theatre.length >= 3) {
    const series = await membership({
      type: 2,
      code: 'THEATRE-SERIES',
      name: 'סדרת תיאטרון',
      nameEn: 'Theatre series',
      className: 'series',
      seatPresentationId: theatre[0]!.id,
      units: 0,
      sort: 3,
      prices: [{ code: 'SERIES', name: 'סדרה של שלוש הצגות', nameEn: 'Series of three plays', price: 45_000 }],
    });
    for (const p of theatre.slice(0, 3)) {
      await tx.query(
        `INSERT INTO membership_presentation (membership_id, presentation_id, is_required, payable_agorot) VALUES ($1,$2,true,15000)`,
        [series, p.id],
      );
    }
  }
  const seasonId = await membership({
    type: 3,
    code: 'SEASON',
    name: 'מנוי עונתי',
    nameEn: 'Season membership',
    className: 'season',
    seasonId: season.id,
    units: 0,
    sort: 4,
    prices: [
      { code: 'ADULT', name: 'מבוגר', nameEn: 'Adult', price: 30_000 },
      { code: 'SENIOR', name: 'אזרח ותיק', nameEn: 'Senior', price: 24_000 },
    ],
  });
  for (const [i, p] of cinema.slice(0, 4).entries()) {
    await tx.query(
      `INSERT INTO membership_presentation (membership_id, presentation_id, is_required, payable_agorot) VALUES ($1,$2,$3,$4)`,
      [seasonId, p.id, i === 0, 7_500],
    );
  }
  const [season2] = await tx.query(
    `INSERT INTO season (name, name_en) VALUES ('עונה גמישה 2026', 'Flexible season 2026') RETURNING id`,
  );
  const flex = await membership({
    type: 3,
    code: 'SEASON-FLEX',
    name: 'מנוי עונתי גמיש',
    nameEn: 'Flexible season',
    className: 'season',
    seasonId: season2.id,
    skipSeat: true,
    perTicket: true,
    sort: 5,
    prices: [{ code: 'FLEX', name: 'לפי מופע', nameEn: 'Per show', price: 0 }],
  });
  for (const [i, p] of cinema.slice(4, 7).entries()) {
    await tx.query(
      `INSERT INTO membership_presentation (membership_id, presentation_id, is_required, payable_agorot) VALUES ($1,$2,$3,$4)`,
      [flex, p.id, i === 0, 6_000],
    );
  }
  // A price override: the flexible season's second show costs less in its first ticket group's regular ticket.
  if (cinema[5]) {
    await tx.query(
      `INSERT INTO membership_presentation_detail (membership_id, presentation_id, ticket_group_id, ticket_id, is_price_override, price_agorot)
       SELECT $1, tg.presentation_id, tg.id, t.id, true, 4500
         FROM ticket_group tg JOIN ticket t ON t.ticket_group_id = tg.id
        WHERE tg.presentation_id = $2 AND t.code IS NULL
        ORDER BY tg.sort_order, tg.id, t.sort_order, t.id LIMIT 1`,
      [flex, cinema[5].id],
    );
  }

  // Member tickets in every cinema ticket group.
  const groups: { id: number; price: number }[] = await tx.query(
    `SELECT tg.id, min(t.price)::int AS price FROM ticket_group tg
       JOIN presentation p ON p.id = tg.presentation_id JOIN venue v ON v.id = p.venue_id
       JOIN ticket t ON t.ticket_group_id = tg.id AND t.code IS NULL
      WHERE v.code = 'cinema' GROUP BY tg.id ORDER BY tg.id`,
  );
  for (const g of groups) {
    const [t] = await tx.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, old_price, service_charge, code, sort_order)
       VALUES ($1, 'מחיר מנוי', 'Member price', $2, $3, 0, 'MEMBER', 95) RETURNING id`,
      [g.id, Math.round(g.price * 0.6), g.price],
    );
    await tx.query('INSERT INTO member_ticket (ticket_id, units) VALUES ($1, 1)', [t.id]);
  }

  // The first two demo customers are members (M-100001, M-100002): 10 member tickets each, valid for a year.
  // (000000026 is the second member the hold-order tests use; 000000034 and 000000042 are not members.)
  const holders = await tx.query(
    `SELECT id, first_name, last_name, ssn, mobile FROM customer WHERE ssn IN ('000000018', '000000026') ORDER BY ssn`,
  );
  for (const [i, holder] of holders.entries()) {
    await tx.query(
      `INSERT INTO customer_membership (membership_id, customer_id, member_number, holder_name, ssn, mobile, balance, starts_at, ends_at)
       VALUES ($1, $2, $6, $3, $4, $5, 10, now() - interval '1 day', now() + interval '1 year')`,
      [card, holder.id, `${holder.first_name} ${holder.last_name}`, holder.ssn, holder.mobile, `M-10000${i + 1}`],
    );
  }
  return true;
}
