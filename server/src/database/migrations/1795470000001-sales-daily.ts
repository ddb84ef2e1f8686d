import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales aggregates for the back-office reports (docs/back-office.md, "Speed"): live tickets
 * and revenue per presentation, ticket type and day of sale (Asia/Jerusalem), kept by
 * statement-level triggers in the same transaction as every sale and cancellation, so the
 * reports never disagree with the tickets and never count a million rows.
 *
 * Concurrency: each statement folds its rows into one change per aggregate key and upserts
 * them in key order (locks taken in sorted order, so two sales never deadlock on the
 * aggregate), into the shard of its own backend (pg_backend_pid() % 16), so buyers of one
 * show committing at once mostly touch different rows instead of queueing on one. A per-row
 * trigger was tried first: under 50 concurrent plain inserts it deadlocked (40P01).
 */
export class SalesDaily1795470000001 implements MigrationInterface {
  name = 'SalesDaily1795470000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sales_daily (
        presentation_id int NOT NULL,
        ticket_id int NOT NULL,
        day date NOT NULL,
        shard smallint NOT NULL,
        sold int NOT NULL DEFAULT 0,
        revenue_agorot bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (presentation_id, ticket_id, day, shard)
      );
      CREATE INDEX sales_daily_day ON sales_daily (day);

      -- One function for the three statement triggers; it names only the transition tables its operation has
      -- (plpgsql plans a statement when it first runs). Each change is folded per key and upserted in key order.
      CREATE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
            SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(amount)
              FROM (SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date AS day, 1 AS n, amount_agorot::bigint AS amount FROM new_rows WHERE status = 'live') c
             GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
            SET sold = s.sold + EXCLUDED.sold, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
            SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(amount)
              FROM (SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date AS day, 1 AS n, amount_agorot::bigint AS amount FROM new_rows WHERE status = 'live' UNION ALL SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date AS day, -1 AS n, -amount_agorot::bigint AS amount FROM old_rows WHERE status = 'live') c
             GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
            SET sold = s.sold + EXCLUDED.sold, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
        ELSE
          INSERT INTO sales_daily AS s (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
            SELECT presentation_id, ticket_id, day, (pg_backend_pid() % 16)::smallint, sum(n), sum(amount)
              FROM (SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date AS day, -1 AS n, -amount_agorot::bigint AS amount FROM old_rows WHERE status = 'live') c
             GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
            SET sold = s.sold + EXCLUDED.sold, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER reservation_ticket_sales_daily_insert AFTER INSERT ON reservation_ticket
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
      CREATE TRIGGER reservation_ticket_sales_daily_update AFTER UPDATE ON reservation_ticket
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
      CREATE TRIGGER reservation_ticket_sales_daily_delete AFTER DELETE ON reservation_ticket
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();

      INSERT INTO sales_daily (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
      SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date, 0, count(*), sum(amount_agorot)
        FROM reservation_ticket WHERE status = 'live' GROUP BY 1, 2, 3;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER reservation_ticket_sales_daily_insert ON reservation_ticket;
      DROP TRIGGER reservation_ticket_sales_daily_update ON reservation_ticket;
      DROP TRIGGER reservation_ticket_sales_daily_delete ON reservation_ticket;
      DROP FUNCTION sales_daily_apply();
      DROP TABLE sales_daily;
    `);
  }
}
