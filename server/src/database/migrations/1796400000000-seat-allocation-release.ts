import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A seat_allocation row gains its release instant (docs/decisions/024): before it the seat is the channel's alone
 * (mini-sites and the live domain sell it, the public storefront neither shows nor locks nor sells it), from it on
 * everyone's. NULL: kept for the channel until released by hand. The default, now(), keeps every existing row and
 * every insert that does not name it as it was (already released: the channel sells it, and so does the public).
 */
export class SeatAllocationRelease1796400000000 implements MigrationInterface {
  name = 'SeatAllocationRelease1796400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE seat_allocation ADD COLUMN release_at timestamptz DEFAULT now()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE seat_allocation DROP COLUMN release_at');
  }
}
