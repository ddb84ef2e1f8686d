import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A seat's four parents: its column, the table it names, and the statement-level triggers that stand for the key. */
const PARENTS = [
  ['seatplan_id', 'seatplan'],
  ['section_id', 'section'],
  ['group_id', 'seat_group'],
  ['zone_id', 'zone'],
] as const;

/**
 * A seat's seat plan, section, group and zone are checked once per statement instead of once per row (docs/decisions/
 * 034): the four foreign keys of `seat` ran four lookups and four row locks for every seat written, about three
 * quarters of writing a 100,000-seat plan. The triggers keep what the keys promised, for every writer:
 * - seats written (insert, update) name rows that exist, each parent locked FOR KEY SHARE as the key locks it, so a
 *   parent being deleted at the same time waits, or is found gone and the write refused;
 * - a parent is not deleted (nor its id changed) while a seat names it.
 * A refusal is SQLSTATE 23503 (foreign_key_violation) under the old key's constraint name, as before.
 */
export class SeatParentsCheckedPerStatement1796540000000 implements MigrationInterface {
  name = 'SeatParentsCheckedPerStatement1796540000000';

  async up(q: QueryRunner): Promise<void> {
    const childChecks = PARENTS.map(
      ([column, table]) => `
        SELECT count(*) INTO want FROM (SELECT DISTINCT ${column} FROM new_seats) d;
        SELECT count(*) INTO found FROM (SELECT 1 FROM ${table} WHERE id IN (SELECT ${column} FROM new_seats) FOR KEY SHARE) l;
        IF found <> want THEN
          RAISE EXCEPTION 'a seat names a ${table} row that does not exist'
            USING ERRCODE = '23503', CONSTRAINT = 'seat_${column}_fkey';
        END IF;`,
    ).join('');
    await q.query(`
      ALTER TABLE seat ${PARENTS.map(([column]) => `DROP CONSTRAINT seat_${column}_fkey`).join(', ')};
      CREATE FUNCTION seat_parents_exist() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE want bigint; found bigint;
      BEGIN${childChecks}
        RETURN NULL;
      END $$;
      CREATE TRIGGER seat_parents_exist_on_insert AFTER INSERT ON seat
        REFERENCING NEW TABLE AS new_seats FOR EACH STATEMENT EXECUTE FUNCTION seat_parents_exist();
      CREATE TRIGGER seat_parents_exist_on_update AFTER UPDATE ON seat
        REFERENCING NEW TABLE AS new_seats FOR EACH STATEMENT EXECUTE FUNCTION seat_parents_exist();
      -- A parent's rows gone (deleted, or their id changed) while a seat still names them: refused.
      CREATE FUNCTION seat_parent_unreferenced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE column_name text := TG_ARGV[0]; gone int[]; named boolean;
      BEGIN
        IF TG_OP = 'DELETE' THEN
          SELECT array_agg(id) INTO gone FROM old_rows;
        ELSE
          SELECT array_agg(id) INTO gone FROM (SELECT id FROM old_rows EXCEPT SELECT id FROM new_rows) g;
        END IF;
        -- An update that keeps every id (a revision, a name) looks at no seat.
        IF gone IS NULL THEN
          RETURN NULL;
        END IF;
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM seat WHERE %I = ANY($1))', column_name) INTO named USING gone;
        IF named THEN
          RAISE EXCEPTION 'a seat still names this % row', TG_TABLE_NAME
            USING ERRCODE = '23503', CONSTRAINT = 'seat_' || column_name || '_fkey';
        END IF;
        RETURN NULL;
      END $$;
      ${PARENTS.map(
        ([column, table]) => `
      CREATE TRIGGER seat_parent_unreferenced_on_delete AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seat_parent_unreferenced('${column}');
      CREATE TRIGGER seat_parent_unreferenced_on_update AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION seat_parent_unreferenced('${column}');`,
      ).join('')}
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ${PARENTS.map(
        ([, table]) => `
      DROP TRIGGER seat_parent_unreferenced_on_delete ON ${table};
      DROP TRIGGER seat_parent_unreferenced_on_update ON ${table};`,
      ).join('')}
      DROP FUNCTION seat_parent_unreferenced();
      DROP TRIGGER seat_parents_exist_on_insert ON seat;
      DROP TRIGGER seat_parents_exist_on_update ON seat;
      DROP FUNCTION seat_parents_exist();
      ALTER TABLE seat ${PARENTS.map(
        ([column, table]) => `ADD CONSTRAINT seat_${column}_fkey FOREIGN KEY (${column}) REFERENCES ${table}(id)`,
      ).join(', ')};
    `);
  }
}
