import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The three measures a ticket row adds to sales_daily (sign applied by the caller), and its day. */
const CONTRIBUTION = (rows: string, sign: '' | '-') => `
  SELECT presentation_id, ticket_id, (COALESCE(paid_at, created_at) AT TIME ZONE 'Asia/Jerusalem')::date AS day,
         CASE WHEN on_hold THEN 0 ELSE ${sign}1 END AS n,
         CASE WHEN on_hold THEN ${sign}1 ELSE 0 END AS h,
         CASE WHEN on_hold THEN 0 ELSE ${sign}amount_agorot::bigint END AS amount
    FROM ${rows} WHERE status = 'live'`;

const UPSERT = (changes: string) => `
  INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, held, revenue_agorot)
    SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(h), sum(amount)
      FROM (${changes}) c
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(h) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
    SET sold = s.sold + EXCLUDED.sold, held = s.held + EXCLUDED.held,
        revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;`;

/**
 * Reports count money taken. A hold order's tickets are `live` (the seat is taken) but nothing
 * is paid, and sales_daily counted every live ticket as sold with revenue. Now:
 *
 * - `reservation_ticket.on_hold`: the ticket belongs to an unpaid hold. It counts in `sales_daily.held`, never in
 *   `sold` or `revenue_agorot`.
 * - `reservation_ticket.paid_at`: when a hold was paid. A ticket's day of sale is `COALESCE(paid_at, created_at)`:
 *   a paid hold is sold with its revenue on the day the money was taken, not the day the seats were held.
 * - Both are set by a statement trigger on `reservation` whenever a reservation enters or leaves state 'hold', so
 *   every path that places, pays (online, box office, recovery job) or releases a hold is counted the same way;
 *   the ticket trigger stays the only writer of sales_daily. A released or cancelled hold keeps `on_hold`; its
 *   tickets stop being live, which takes them out of `held`.
 *
 * Existing data: the function is replaced first, then the live tickets of holds are marked and paid holds get their
 * payment time; the ticket trigger moves their counts (it subtracts what the old function had added).
 */
export class ReportsCountHeldApart1795800000000 implements MigrationInterface {
  name = 'ReportsCountHeldApart1795800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE reservation_ticket ADD COLUMN on_hold boolean NOT NULL DEFAULT false, ADD COLUMN paid_at timestamptz;
      ALTER TABLE sales_daily ADD COLUMN held int NOT NULL DEFAULT 0;

      CREATE OR REPLACE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${UPSERT(CONTRIBUTION('new_rows', ''))}
        ELSIF TG_OP = 'UPDATE' THEN
          ${UPSERT(`${CONTRIBUTION('new_rows', '')} UNION ALL ${CONTRIBUTION('old_rows', '-')}`)}
        ELSE
          ${UPSERT(CONTRIBUTION('old_rows', '-'))}
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION reservation_hold_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Most reservation updates do not touch a hold: leave at once, without looking at tickets.
        IF NOT EXISTS (SELECT 1 FROM new_res n JOIN old_res o ON o.id = n.id
                        WHERE (n.state = 'hold' AND o.state <> 'hold') OR (o.state = 'hold' AND n.state = 'paid')) THEN
          RETURN NULL;
        END IF;
        UPDATE reservation_ticket t
           SET on_hold = (n.state = 'hold'),
               paid_at = CASE WHEN n.state = 'paid' THEN now() ELSE t.paid_at END
          FROM new_res n JOIN old_res o ON o.id = n.id
         WHERE t.reservation_id = n.id AND t.status = 'live'
           AND ((n.state = 'hold' AND o.state <> 'hold') OR (o.state = 'hold' AND n.state = 'paid'));
        RETURN NULL;
      END $$;

      CREATE TRIGGER reservation_hold_tickets AFTER UPDATE ON reservation
        REFERENCING OLD TABLE AS old_res NEW TABLE AS new_res FOR EACH STATEMENT EXECUTE FUNCTION reservation_hold_tickets();

      UPDATE reservation_ticket t SET on_hold = true
        FROM reservation r WHERE r.id = t.reservation_id AND r.state = 'hold' AND t.status = 'live';
      UPDATE reservation_ticket t SET paid_at = h.paid_at
        FROM hold_order h WHERE h.reservation_id = t.reservation_id AND h.state = 'paid' AND h.paid_at IS NOT NULL
         AND t.status = 'live';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    // Clear the flags while the new function still counts them (held moves back to sold on the day of the hold),
    // then put back the function of migration 1795470000001.
    const legacy = (rows: string, sign: '' | '-') => `
      SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date AS day, ${sign}1 AS n,
             ${sign}amount_agorot::bigint AS amount FROM ${rows} WHERE status = 'live'`;
    await q.query(`
      DROP TRIGGER reservation_hold_tickets ON reservation;
      DROP FUNCTION reservation_hold_tickets();
      UPDATE reservation_ticket SET on_hold = false, paid_at = NULL WHERE on_hold OR paid_at IS NOT NULL;
    `);
    await q.query(`
      CREATE OR REPLACE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
            SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(amount)
              FROM (${legacy('new_rows', '')}) c GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
            SET sold = s.sold + EXCLUDED.sold, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
            SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(amount)
              FROM (${legacy('new_rows', '')} UNION ALL ${legacy('old_rows', '-')}) c
             GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
            SET sold = s.sold + EXCLUDED.sold, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
        ELSE
          INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
            SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(amount)
              FROM (${legacy('old_rows', '-')}) c GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
            SET sold = s.sold + EXCLUDED.sold, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
        END IF;
        RETURN NULL;
      END $$;
      ALTER TABLE sales_daily DROP COLUMN held;
      ALTER TABLE reservation_ticket DROP COLUMN on_hold, DROP COLUMN paid_at;
    `);
  }
}
