import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Booking-flow tables (migration 1764000000000). The booking adapters write them
 * with explicit SQL (one statement per step of a commit); these entities
 * describe the schema for TypeORM and for anyone reading it. Money is agorot.
 */
@Entity({ name: 'cart' })
export class CartEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'cart_identifier', type: 'uuid', unique: true }) cartIdentifier: string;
  @Column({ name: 'res_id', type: 'varchar', unique: true }) resId: string;
  @Column({ name: 'visitor_id', type: 'uuid' }) visitorId: string;
  @Column({ type: 'jsonb' }) cart: Record<string, unknown>;
  /** open | paying | paid | refunded */
  @Column({ type: 'varchar', default: 'open' }) status: string;
  @Column({ name: 'reservation_id', type: 'bigint', nullable: true }) reservationId: string | null;
  @Column({ type: 'jsonb', nullable: true }) result: Record<string, unknown> | null;
  @Column({ name: 'attempt_started_at', type: 'timestamptz', nullable: true }) attemptStartedAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity({ name: 'system_voucher' })
export class SystemVoucherEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  /** Unique case-insensitively (index on lower(reference)). */
  @Column({ type: 'varchar' }) reference: string;
  @Column({ type: 'varchar' }) name: string;
  @Column({ name: 'name_en', type: 'varchar' }) nameEn: string;
  @Column({ name: 'initial_agorot', type: 'int' }) initialAgorot: number;
  @Column({ name: 'balance_agorot', type: 'int' }) balanceAgorot: number;
  @Column({ type: 'boolean', default: true }) active: boolean;
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

@Entity({ name: 'notification_outbox' })
export class NotificationOutboxEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'reservation_id', type: 'bigint', nullable: true }) reservationId: string | null;
  /** email | sms */
  @Column({ type: 'varchar' }) channel: string;
  @Column({ type: 'varchar' }) recipient: string;
  @Column({ type: 'varchar', default: 'he' }) locale: string;
  @Column({ type: 'varchar' }) template: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) payload: Record<string, unknown>;
  /** pending | sending | sent | failed */
  @Column({ type: 'varchar', default: 'pending' }) status: string;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' }) nextAttemptAt: Date;
  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true }) claimedAt: Date | null;
  @Column({ name: 'last_error', type: 'text', nullable: true }) lastError: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
}

/** What the development NotificationSender "sent" (docs/booking.md: where to read them). */
@Entity({ name: 'sent_message' })
export class SentMessageEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'outbox_id', type: 'bigint', unique: true, nullable: true }) outboxId: string | null;
  @Column({ name: 'reservation_id', type: 'bigint', nullable: true }) reservationId: string | null;
  @Column({ type: 'varchar' }) channel: string;
  @Column({ type: 'varchar' }) recipient: string;
  @Column({ type: 'varchar', nullable: true }) subject: string | null;
  @Column({ type: 'text' }) body: string;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

/* ---- The payment SANDBOX's own ledger (a simulation: a real provider keeps this on its side) ---- */

@Entity({ name: 'sandbox_payment_form' })
export class SandboxPaymentFormEntity {
  @PrimaryColumn({ type: 'varchar' }) token: string;
  @Column({ name: 'visitor_id', type: 'uuid' }) visitorId: string;
  @Column({ type: 'varchar' }) locale: string;
  @Column({ name: 'total_agorot', type: 'int' }) totalAgorot: number;
  @Column({ type: 'varchar', nullable: true }) ssn: string | null;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
}

@Entity({ name: 'sandbox_card_authorisation' })
export class SandboxCardAuthorisationEntity {
  @PrimaryColumn({ type: 'varchar' }) token: string;
  @Column({ name: 'form_token', type: 'varchar' }) formToken: string;
  @Column({ name: 'visitor_id', type: 'uuid' }) visitorId: string;
  @Column({ name: 'card_last4', type: 'char', length: 4 }) cardLast4: string;
  /** approve | decline | insufficient_funds | timeout */
  @Column({ type: 'varchar' }) outcome: string;
  @Column({ type: 'int', default: 1 }) instalments: number;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
}

@Entity({ name: 'sandbox_charge' })
export class SandboxChargeEntity {
  @PrimaryColumn({ type: 'varchar' }) id: string;
  @Column({ name: 'idempotency_key', type: 'varchar', unique: true }) idempotencyKey: string;
  @Column({ name: 'authorisation_token', type: 'varchar' }) authorisationToken: string;
  @Column({ name: 'amount_agorot', type: 'int' }) amountAgorot: number;
  @Column({ type: 'int' }) instalments: number;
  /** approved | declined | insufficient_funds | refunded */
  @Column({ type: 'varchar' }) status: string;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true }) refundedAt: Date | null;
}
