import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A live ticket's seat is in its date's plan version, whatever code writes it: a date can move to another version
 * of its plan (docs/catalogue-admin.md, "Moving a date to another plan version"), which re-keys every ticket under the
 * date's row lock. The check reads the date's row FOR KEY SHARE (as the foreign key does), so a sale writing a ticket
 * while a move holds the row waits for it and then sees the new version: a seat the move left behind is refused
 * (constraint reservation_ticket_seat_in_plan) instead of being sold on a plan the date no longer has.
 */
export class TicketSeatInPlan1796300000000 implements MigrationInterface {
  name = 'TicketSeatInPlan1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION reservation_ticket_seat_in_plan() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE plan int;
      BEGIN
        SELECT p.seatplan_id INTO plan FROM presentation p WHERE p.id = NEW.presentation_id FOR KEY SHARE;
        IF plan IS NOT NULL AND NOT EXISTS (SELECT 1 FROM section s WHERE s.id = NEW.section_id AND s.seatplan_id = plan)
        THEN
          RAISE EXCEPTION 'seat %:%:% is not in the plan of presentation %', NEW.section_id, NEW.x, NEW.y,
            NEW.presentation_id
            USING ERRCODE = '23514', CONSTRAINT = 'reservation_ticket_seat_in_plan';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER reservation_ticket_seat_in_plan
        BEFORE INSERT OR UPDATE OF presentation_id, section_id ON reservation_ticket
        FOR EACH ROW WHEN (NEW.status = 'live') EXECUTE FUNCTION reservation_ticket_seat_in_plan();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER reservation_ticket_seat_in_plan ON reservation_ticket;
      DROP FUNCTION reservation_ticket_seat_in_plan();
    `);
  }
}
