import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Venues and seat plans a venue manages itself (docs/catalogue-admin.md). A seat plan is kept in versions per venue and
 * plan code: a draft can be replaced, a published version never changes, and only a published version can be sold
 * (a trigger refuses a presentation on a draft, whichever code writes it). Plans that exist already are version 1,
 * published. The uploaded document (the seatmaps/ format) is kept with its version, for the preview and the designer.
 * `revision` on venues and plans is the optimistic-concurrency counter every edit names.
 */
export class SeatPlanVersions1795910000000 implements MigrationInterface {
  name = 'SeatPlanVersions1795910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE location ADD COLUMN address varchar NOT NULL DEFAULT '';
      ALTER TABLE venue ADD COLUMN revision int NOT NULL DEFAULT 1;
      ALTER TABLE seatplan
        ADD COLUMN version int NOT NULL DEFAULT 1 CHECK (version > 0),
        ADD COLUMN revision int NOT NULL DEFAULT 1,
        ADD COLUMN published_at timestamptz,
        ADD COLUMN document jsonb,
        ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
      UPDATE seatplan SET published_at = now();
      ALTER TABLE seatplan DROP CONSTRAINT seatplan_venue_id_code_key;
      ALTER TABLE seatplan ADD CONSTRAINT seatplan_venue_code_version UNIQUE (venue_id, code, version);

      CREATE FUNCTION presentation_sells_published_plan() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM seatplan WHERE id = NEW.seatplan_id AND published_at IS NOT NULL) THEN
          RAISE EXCEPTION 'seat plan % is a draft: publish it before a presentation sells it', NEW.seatplan_id
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER presentation_published_plan BEFORE INSERT OR UPDATE OF seatplan_id ON presentation
        FOR EACH ROW EXECUTE FUNCTION presentation_sells_published_plan();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER presentation_published_plan ON presentation;
      DROP FUNCTION presentation_sells_published_plan();
      ALTER TABLE seatplan DROP CONSTRAINT seatplan_venue_code_version;
      ALTER TABLE seatplan ADD CONSTRAINT seatplan_venue_id_code_key UNIQUE (venue_id, code);
      ALTER TABLE seatplan DROP COLUMN version, DROP COLUMN revision, DROP COLUMN published_at,
        DROP COLUMN document, DROP COLUMN translations;
      ALTER TABLE venue DROP COLUMN revision;
      ALTER TABLE location DROP COLUMN address;
    `);
  }
}
