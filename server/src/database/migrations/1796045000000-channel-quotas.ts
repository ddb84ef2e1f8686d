import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Channel allocations as counted quotas (docs/decisions/020): at most `seats` of a date are sold through a channel
 * (shared channel-quota.ts). `reservation_sale_channel` remembers through which channel an order was sold, so the
 * quota is counted from live tickets: a cancelled order or a released hold gives its seats back by itself. Orders
 * are recorded when their date has a quota for their channel; setting a quota first records the date's earlier
 * orders from what they already say (a mini-site, a partner link, a box-office payment, otherwise the storefront).
 */
export class ChannelQuotas1796045000000 implements MigrationInterface {
  name = 'ChannelQuotas1796045000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE presentation_channel_quota (
        presentation_id int NOT NULL REFERENCES presentation(id),
        channel varchar NOT NULL CHECK (channel IN ('web', 'box-office', 'mini-site', 'partner')),
        seats int NOT NULL CHECK (seats BETWEEN 0 AND 100000),
        PRIMARY KEY (presentation_id, channel)
      );
      CREATE TABLE reservation_sale_channel (
        reservation_id bigint PRIMARY KEY REFERENCES reservation(id),
        channel varchar NOT NULL CHECK (channel IN ('web', 'box-office', 'mini-site', 'partner'))
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reservation_sale_channel; DROP TABLE presentation_channel_quota;');
  }
}
