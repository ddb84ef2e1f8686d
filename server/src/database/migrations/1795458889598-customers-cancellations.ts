import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers (docs/customers.md): accounts, one-time SMS login codes (hashes
 * only), server-side sessions, login links, per-event cancellation settings,
 * cancellations with their refunds, and the sandbox provider's partial refunds.
 * Additive only: reservation and system_voucher get nullable columns.
 */
export class CustomersCancellations1795458889598 implements MigrationInterface {
  name = 'CustomersCancellations1795458889598';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE customer (
        id serial PRIMARY KEY,
        -- Israeli ID (teudat zehut), 9 digits, the login identifier of this deployment.
        ssn varchar UNIQUE,
        first_name varchar NOT NULL DEFAULT '',
        last_name varchar NOT NULL DEFAULT '',
        email varchar,
        -- National digits-only form (0501234567).
        mobile varchar NOT NULL,
        address1 varchar, address2 varchar, city varchar, postal_code varchar,
        date_of_birth date,
        license_plate varchar,
        is_email_allowed boolean NOT NULL DEFAULT false,
        is_sms_allowed boolean NOT NULL DEFAULT false,
        -- argon2id PHC string; only used when password login is enabled.
        password_hash varchar,
        credit_balance_agorot int NOT NULL DEFAULT 0 CHECK (credit_balance_agorot >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customer_mobile ON customer (mobile);
      CREATE UNIQUE INDEX customer_email ON customer (lower(email)) WHERE email IS NOT NULL;

      CREATE TABLE customer_member (
        customer_id int NOT NULL REFERENCES customer(id),
        member_id int NOT NULL REFERENCES customer(id),
        PRIMARY KEY (customer_id, member_id)
      );

      CREATE TABLE customer_otp (
        id bigserial PRIMARY KEY,
        -- sha256 of the pending-login handle (cookie) it belongs to.
        handle_hash varchar NOT NULL UNIQUE,
        -- NULL: nobody matched (a decoy that no code can open, so answers look the same).
        customer_id int REFERENCES customer(id),
        mobile varchar NOT NULL,
        ssn varchar,
        purpose varchar NOT NULL CHECK (purpose IN ('area', 'checkout')),
        register boolean NOT NULL DEFAULT false,
        -- HMAC-SHA256(server secret, handle || code): never the code.
        code_hash varchar NOT NULL,
        wrong_attempts int NOT NULL DEFAULT 0,
        resends int NOT NULL DEFAULT 0,
        sent_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz
      );
      CREATE INDEX customer_otp_mobile ON customer_otp (mobile, created_at DESC);

      CREATE TABLE customer_session (
        id bigserial PRIMARY KEY,
        token_hash varchar NOT NULL UNIQUE,
        customer_id int NOT NULL REFERENCES customer(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX customer_session_customer ON customer_session (customer_id);

      CREATE TABLE customer_login_link (
        id bigserial PRIMARY KEY,
        token_hash varchar NOT NULL UNIQUE,
        customer_id int NOT NULL REFERENCES customer(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        redeemed_at timestamptz
      );

      ALTER TABLE reservation ADD COLUMN customer_id int REFERENCES customer(id);
      CREATE INDEX reservation_customer ON reservation (customer_id) WHERE customer_id IS NOT NULL;
      -- Orders not linked to anyone, by their mobile in national form: what a login claims (customers.repository.ts).
      CREATE INDEX reservation_unclaimed_mobile
        ON reservation ((regexp_replace(regexp_replace(coalesce(customer->>'mobileNumber', ''), '[^0-9+]', '', 'g'), '^(\\+?972)', '0')))
        WHERE customer_id IS NULL;

      ALTER TABLE system_voucher
        ADD COLUMN customer_id int REFERENCES customer(id),
        ADD COLUMN is_for_replacement boolean NOT NULL DEFAULT false;
      CREATE INDEX system_voucher_customer ON system_voucher (customer_id) WHERE customer_id IS NOT NULL;

      CREATE TABLE presentation_cancellation_policy (
        presentation_id int PRIMARY KEY REFERENCES presentation(id) ON DELETE CASCADE,
        customer_may_cancel boolean NOT NULL DEFAULT false,
        changes_locked boolean NOT NULL DEFAULT false,
        min_minutes_before_event int NOT NULL DEFAULT 1440 CHECK (min_minutes_before_event >= 0),
        max_days_after_purchase int CHECK (max_days_after_purchase IS NULL OR max_days_after_purchase >= 0),
        provider_refund_allowed boolean NOT NULL DEFAULT true,
        charge_type varchar NOT NULL DEFAULT 'none'
          CHECK (charge_type IN ('none', 'fixed', 'per_ticket', 'percent', 'percent_per_ticket')),
        -- agorot for fixed/per_ticket, a percentage for the percent kinds.
        charge_value numeric NOT NULL DEFAULT 0 CHECK (charge_value >= 0)
      );

      -- A cancellation is a small state machine: 'refunding' (tickets already cancelled in the same
      -- transaction, refunds owed) -> 'done'. The recovery job finishes any left 'refunding'.
      CREATE TABLE cancellation (
        id bigserial PRIMARY KEY,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        customer_id int REFERENCES customer(id),
        ticket_ids bigint[] NOT NULL,
        seat_keys jsonb NOT NULL DEFAULT '[]',
        charge_agorot int NOT NULL CHECK (charge_agorot >= 0),
        refund_agorot int NOT NULL CHECK (refund_agorot >= 0),
        to_credit boolean NOT NULL,
        state varchar NOT NULL CHECK (state IN ('refunding', 'done')),
        seats_released boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      );
      CREATE INDEX cancellation_open ON cancellation (id) WHERE state = 'refunding' OR NOT seats_released;
      CREATE INDEX cancellation_reservation ON cancellation (reservation_id);

      CREATE TABLE cancellation_refund (
        id bigserial PRIMARY KEY,
        cancellation_id bigint NOT NULL REFERENCES cancellation(id),
        payment_id bigint REFERENCES payment(id),
        kind varchar NOT NULL CHECK (kind IN ('card', 'voucher', 'credit')),
        amount_agorot int NOT NULL CHECK (amount_agorot > 0),
        status varchar NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
        -- Sent to the provider: the same refund is never made twice.
        idempotency_key varchar NOT NULL UNIQUE,
        system_voucher_id bigint REFERENCES system_voucher(id),
        error varchar,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cancellation_refund_payment ON cancellation_refund (payment_id) WHERE payment_id IS NOT NULL;

      -- SANDBOX provider books: partial refunds of a charge, once per idempotency key.
      CREATE TABLE sandbox_refund (
        id varchar PRIMARY KEY,
        charge_id varchar NOT NULL REFERENCES sandbox_charge(id),
        idempotency_key varchar NOT NULL UNIQUE,
        amount_agorot int NOT NULL CHECK (amount_agorot > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sandbox_refund_charge ON sandbox_refund (charge_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE sandbox_refund; DROP TABLE cancellation_refund; DROP TABLE cancellation;
      DROP TABLE presentation_cancellation_policy;
      ALTER TABLE system_voucher DROP COLUMN is_for_replacement, DROP COLUMN customer_id;
      ALTER TABLE reservation DROP COLUMN customer_id;
      DROP TABLE customer_login_link; DROP TABLE customer_session; DROP TABLE customer_otp;
      DROP TABLE customer_member; DROP TABLE customer;
    `);
  }
}
