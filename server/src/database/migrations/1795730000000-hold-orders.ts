import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hold orders (docs/hold-orders.md): a member's unpaid reservation (reservation.state 'hold', its tickets
 * live so the seats are taken for good) with the deadline at which it is released, and the attempts to pay one
 * (online or at the box office), each an idempotency key bound to what it pays. Additive.
 */
export class HoldOrders1795730000000 implements MigrationInterface {
  name = 'HoldOrders1795730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE hold_order (
        reservation_id bigint PRIMARY KEY REFERENCES reservation(id),
        customer_id int NOT NULL REFERENCES customer(id),
        -- Pay-and-collect deadline: the earliest event of the order minus 30 minutes. The release sweep's key.
        release_at timestamptz NOT NULL,
        state varchar NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'paid', 'released')),
        -- Released in PostgreSQL first, then on the live seat map; false until the seat engine has done its part.
        seats_released boolean NOT NULL DEFAULT true,
        released_at timestamptz,
        released_by varchar,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX hold_order_due ON hold_order (release_at, reservation_id) WHERE state = 'held';
      CREATE INDEX hold_order_unreleased_seats ON hold_order (reservation_id) WHERE NOT seats_released;
      CREATE INDEX hold_order_customer ON hold_order (customer_id, release_at);

      CREATE TABLE hold_payment (
        id bigserial PRIMARY KEY,
        -- The caller's idempotency key (the storefront's cartIdentifier; the box office's payment key).
        idempotency_key varchar NOT NULL UNIQUE,
        -- What the key pays for (reservation, cart, channel, method): the same key with anything else is refused.
        fingerprint varchar NOT NULL,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        channel varchar NOT NULL CHECK (channel IN ('online', 'box_office')),
        method varchar NOT NULL CHECK (method IN ('card', 'cash', 'terminal')),
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        -- The card provider's idempotency key of the current try (online card only).
        provider_key varchar UNIQUE,
        visitor_id uuid,
        state varchar NOT NULL CHECK (state IN ('charging', 'paid', 'failed', 'refund_pending', 'refunded')),
        provider_reference varchar,
        error varchar,
        result jsonb,
        recovery_attempts int NOT NULL DEFAULT 0,
        next_recovery_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX hold_payment_open ON hold_payment (updated_at, id) WHERE state IN ('charging', 'refund_pending');
      CREATE INDEX hold_payment_reservation ON hold_payment (reservation_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE hold_payment; DROP TABLE hold_order;');
  }
}
