import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Booking flow tables (docs/booking.md): saved carts (the idempotency anchor of
 * a commit), system vouchers, the notification outbox and the development
 * sender's sent messages, and the payment SANDBOX's own ledger (hosted card
 * forms, card authorisations, charges) which a real provider would keep on its side.
 */
export class BookingPayment1764000000000 implements MigrationInterface {
  name = 'BookingPayment1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cart (
        id bigserial PRIMARY KEY,
        cart_identifier uuid NOT NULL UNIQUE,
        -- The public handle of a saved cart (/cart/{resId}); unguessable, like cart_identifier.
        res_id varchar NOT NULL UNIQUE,
        visitor_id uuid NOT NULL,
        cart jsonb NOT NULL,
        -- open: editable, may be paid | paying: a commit holds it | paid | refunded: paid but seats lost, money returned
        status varchar NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paying', 'paid', 'refunded')),
        reservation_id bigint REFERENCES reservation(id),
        -- The final answer of the commit, replayed to any retry of the same cart.
        result jsonb,
        attempt_started_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cart_visitor ON cart (visitor_id);

      CREATE TABLE system_voucher (
        id bigserial PRIMARY KEY,
        reference varchar NOT NULL,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        initial_agorot int NOT NULL CHECK (initial_agorot >= 0),
        -- The CHECK is the last line of defence: no commit can take a voucher below zero.
        balance_agorot int NOT NULL CHECK (balance_agorot >= 0),
        active boolean NOT NULL DEFAULT true,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- References are typed by people: one voucher per reference whatever the case.
      CREATE UNIQUE INDEX system_voucher_reference ON system_voucher (lower(reference));

      ALTER TABLE payment
        ADD COLUMN idempotency_key varchar,
        ADD COLUMN system_voucher_id bigint REFERENCES system_voucher(id),
        ADD COLUMN instalments int NOT NULL DEFAULT 1,
        ADD COLUMN error varchar,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
        ADD CONSTRAINT payment_status_check
          CHECK (status IN ('pending', 'approved', 'declined', 'failed', 'refunded', 'refund_pending'));
      -- One card attempt per (cart, card authorisation): a replayed commit finds its row instead of charging again.
      CREATE UNIQUE INDEX payment_idempotency ON payment (idempotency_key) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX payment_reservation ON payment (reservation_id) WHERE reservation_id IS NOT NULL;

      -- Coupon usage = live tickets of the coupon's ticket id; counted under the ticket row's lock at commit.
      CREATE INDEX reservation_ticket_ticket_live ON reservation_ticket (ticket_id) WHERE status = 'live';

      CREATE TABLE notification_outbox (
        id bigserial PRIMARY KEY,
        reservation_id bigint REFERENCES reservation(id),
        channel varchar NOT NULL CHECK (channel IN ('email', 'sms')),
        recipient varchar NOT NULL,
        locale varchar NOT NULL DEFAULT 'he',
        template varchar NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        status varchar NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at, id) WHERE status IN ('pending', 'sending');

      CREATE TABLE sent_message (
        id bigserial PRIMARY KEY,
        -- Unique: a message re-dispatched after a crash is stored once.
        outbox_id bigint UNIQUE REFERENCES notification_outbox(id),
        reservation_id bigint,
        channel varchar NOT NULL,
        recipient varchar NOT NULL,
        subject varchar,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE sandbox_payment_form (
        token varchar PRIMARY KEY,
        visitor_id uuid NOT NULL,
        locale varchar NOT NULL,
        -- Shown on the page only; the commit charges the server's own total.
        total_agorot int NOT NULL CHECK (total_agorot >= 0),
        ssn varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE TABLE sandbox_card_authorisation (
        token varchar PRIMARY KEY,
        form_token varchar NOT NULL REFERENCES sandbox_payment_form(token),
        visitor_id uuid NOT NULL,
        -- Never the card number: its last four digits and what the test card simulates.
        card_last4 char(4) NOT NULL,
        outcome varchar NOT NULL CHECK (outcome IN ('approve', 'decline', 'insufficient_funds', 'timeout')),
        instalments int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sandbox_charge (
        id varchar PRIMARY KEY,
        idempotency_key varchar NOT NULL UNIQUE,
        authorisation_token varchar NOT NULL,
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        instalments int NOT NULL,
        status varchar NOT NULL CHECK (status IN ('approved', 'declined', 'insufficient_funds', 'refunded')),
        created_at timestamptz NOT NULL DEFAULT now(),
        refunded_at timestamptz
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE sandbox_charge; DROP TABLE sandbox_card_authorisation; DROP TABLE sandbox_payment_form;
      DROP TABLE sent_message; DROP TABLE notification_outbox;
      DROP INDEX reservation_ticket_ticket_live;
      DROP INDEX payment_reservation; DROP INDEX payment_idempotency;
      ALTER TABLE payment DROP CONSTRAINT payment_status_check, DROP COLUMN updated_at, DROP COLUMN error,
        DROP COLUMN instalments, DROP COLUMN system_voucher_id, DROP COLUMN idempotency_key;
      DROP TABLE system_voucher; DROP TABLE cart;
    `);
  }
}
