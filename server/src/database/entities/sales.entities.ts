import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The durable truth of every sale. A partial unique index on
 * (presentation_id, section_id, x, y) for live tickets makes a double sale
 * impossible whatever happens in Redis; Redis seat state can be rebuilt from here.
 */
@Entity({ name: 'reservation' })
export class ReservationEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'varchar', unique: true }) identifier: string;
  @Column({ name: 'cart_identifier', type: 'varchar', unique: true, nullable: true }) cartIdentifier: string | null;
  @Column({ name: 'document_key', type: 'varchar', unique: true }) documentKey: string;
  @Column({ name: 'visitor_id', type: 'uuid' }) visitorId: string;
  /** paid | hold | cancelled | refunded */
  @Column({ type: 'varchar' }) state: string;
  @Column({ type: 'jsonb', default: () => "'{}'" }) customer: Record<string, unknown>;
  @Column({ type: 'varchar', default: 'he' }) locale: string;
  @Column({ name: 'total_agorot', type: 'int' }) totalAgorot: number;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'reservation_ticket' })
export class ReservationTicketEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'reservation_id', type: 'bigint' }) reservationId: string;
  @Column({ type: 'varchar', unique: true }) identifier: string;
  @Column({ name: 'presentation_id', type: 'int' }) presentationId: number;
  @Column({ name: 'section_id', type: 'int' }) sectionId: number;
  @Column({ type: 'int' }) x: number;
  @Column({ type: 'int' }) y: number;
  @Column({ name: 'ticket_id', type: 'int' }) ticketId: number;
  @Column({ name: 'amount_agorot', type: 'int' }) amountAgorot: number;
  @Column({ name: 'service_charge_agorot', type: 'int', default: 0 }) serviceChargeAgorot: number;
  /** live | cancelled */
  @Column({ type: 'varchar', default: 'live' }) status: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'payment' })
export class PaymentEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'reservation_id', type: 'bigint', nullable: true }) reservationId: string | null;
  @Column({ name: 'cart_identifier', type: 'varchar' }) cartIdentifier: string;
  @Column({ type: 'varchar' }) provider: string;
  /** card | voucher */
  @Column({ type: 'varchar' }) method: string;
  @Column({ name: 'provider_reference', type: 'varchar', nullable: true }) providerReference: string | null;
  @Column({ name: 'amount_agorot', type: 'int' }) amountAgorot: number;
  /** approved | declined | refunded | refund_pending */
  @Column({ type: 'varchar' }) status: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
