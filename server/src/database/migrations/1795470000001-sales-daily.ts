import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales aggregates for the back-office reports (docs/back-office.md, "Speed"): live tickets
 * and revenue per presentation, ticket type and day of sale (Asia/Jerusalem), kept by a
 * trigger in the same transaction as every sale and cancellation, so the reports never
 * disagree with the tickets and never count a million rows. Each key is split over 16
 * shards (by ticket id) so that buyers of one show committing at once do not queue on one
 * aggregate row.
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

      CREATE FUNCTION sales_daily_add(t reservation_ticket, n int) RETURNS void LANGUAGE sql AS $$
        INSERT INTO sales_daily (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
        VALUES (t.presentation_id, t.ticket_id, (t.created_at AT TIME ZONE 'Asia/Jerusalem')::date,
                (t.id % 16)::smallint, n, n * t.amount_agorot::bigint)
        ON CONFLICT (presentation_id, ticket_id, day, shard) DO UPDATE
          SET sold = sales_daily.sold + EXCLUDED.sold, revenue_agorot = sales_daily.revenue_agorot + EXCLUDED.revenue_agorot
      $$;

      CREATE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'live' THEN PERFORM sales_daily_add(OLD, -1); END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'live' THEN PERFORM sales_daily_add(NEW, 1); END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER reservation_ticket_sales_daily
        AFTER INSERT OR DELETE OR UPDATE OF status, presentation_id, ticket_id, amount_agorot ON reservation_ticket
        FOR EACH ROW EXECUTE FUNCTION sales_daily_apply();

      INSERT INTO sales_daily (presentation_id, ticket_id, day, shard, sold, revenue_agorot)
      SELECT presentation_id, ticket_id, (created_at AT TIME ZONE 'Asia/Jerusalem')::date, (id % 16)::smallint,
             count(*), sum(amount_agorot)
        FROM reservation_ticket WHERE status = 'live' GROUP BY 1, 2, 3, 4;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER reservation_ticket_sales_daily ON reservation_ticket;
      DROP FUNCTION sales_daily_apply();
      DROP FUNCTION sales_daily_add(reservation_ticket, int);
      DROP TABLE sales_daily;
    `);
  }
}
