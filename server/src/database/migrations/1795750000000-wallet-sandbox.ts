import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SANDBOX wallet's own books (a second way to pay; a simulation of
 * what a PayPal-like wallet keeps on its side): checkout orders the buyer approves
 * or cancels on the wallet page, captures (unique per idempotency key and per
 * approval: an approval pays once), and refunds (whole or part, once per key).
 * Never any account detail of a real person: the payer id is the sandbox's own.
 */
export class WalletSandbox1795750000000 implements MigrationInterface {
  name = 'WalletSandbox1795750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sandbox_wallet_order (
        id varchar PRIMARY KEY,
        -- The checkout token in the wallet page's address (EC-… in PayPal's terms): opaque, no personal data.
        token varchar NOT NULL UNIQUE,
        visitor_id uuid NOT NULL,
        locale varchar NOT NULL,
        total_agorot int NOT NULL CHECK (total_agorot >= 0),
        status varchar NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'approved', 'cancelled')),
        outcome varchar CHECK (outcome IN ('approve', 'decline', 'insufficient_funds', 'timeout')),
        payer_id varchar,
        payment_id varchar UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        approved_at timestamptz,
        expires_at timestamptz NOT NULL
      );
      CREATE TABLE sandbox_wallet_capture (
        id varchar PRIMARY KEY,
        idempotency_key varchar NOT NULL UNIQUE,
        payment_id varchar NOT NULL UNIQUE REFERENCES sandbox_wallet_order(payment_id),
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        status varchar NOT NULL CHECK (status IN ('approved', 'declined', 'insufficient_funds', 'refunded')),
        created_at timestamptz NOT NULL DEFAULT now(),
        refunded_at timestamptz
      );
      CREATE TABLE sandbox_wallet_refund (
        id varchar PRIMARY KEY,
        capture_id varchar NOT NULL REFERENCES sandbox_wallet_capture(id),
        idempotency_key varchar NOT NULL UNIQUE,
        amount_agorot int NOT NULL CHECK (amount_agorot > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE sandbox_wallet_refund; DROP TABLE sandbox_wallet_capture; DROP TABLE sandbox_wallet_order;`,
    );
  }
}
