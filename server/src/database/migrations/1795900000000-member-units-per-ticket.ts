import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Member units come back per ticket. A member_redemption row is per order and member; tickets cancelled a few at a
 * time gave nothing back until the last one went (a member who cancelled one of two member tickets kept both units
 * drawn). Each ticket now records the units it drew, marked when they are given back, once.
 */
export class MemberUnitsPerTicket1795900000000 implements MigrationInterface {
  name = 'MemberUnitsPerTicket1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE member_redemption_ticket (
        member_redemption_id bigint NOT NULL REFERENCES member_redemption(id),
        reservation_ticket_id bigint NOT NULL UNIQUE REFERENCES reservation_ticket(id),
        units int NOT NULL CHECK (units > 0),
        given_back_at timestamptz
      )`);
    await q.query(
      'CREATE INDEX member_redemption_ticket_redemption ON member_redemption_ticket (member_redemption_id)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE member_redemption_ticket');
  }
}
