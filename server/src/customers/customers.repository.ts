import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReservationRowsRepository } from '../reservations';

export interface CustomerRow {
  id: number;
  ssn: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  postalCode: string | null;
  dateOfBirth: string | null;
  licensePlate: string | null;
  isEmailAllowed: boolean;
  isSmsAllowed: boolean;
  creditBalanceAgorot: number;
}

export interface AreaTicketRow {
  reservationId: string;
  identifier: string;
  state: string;
  documentKey: string;
  totalAgorot: number;
  createdAt: Date;
  ticketIdentifier: string;
  presentationId: number;
  featureName: string;
  featureNameEn: string;
  /** Russian and Arabic where the catalogue has them. */
  featureNameRu: string | null;
  featureNameAr: string | null;
  venueName: string;
  venueNameEn: string;
  venueNameRu: string | null;
  venueNameAr: string | null;
  venueTypeId: number;
  dateTime: Date;
  sectionName: string;
  sectionNameEn: string;
  sectionNameRu: string | null;
  sectionNameAr: string | null;
  rowName: string | null;
  seatName: string | null;
  amountAgorot: number;
  status: 'live' | 'cancelled';
  customerMayCancel: boolean;
}

export interface VoucherRow {
  reference: string;
  name: string;
  nameEn: string;
  /** Russian and Arabic names, where stored. */
  nameRu: string | null;
  nameAr: string | null;
  balanceAgorot: number;
  isForReplacement: boolean;
  createdAt: Date;
  startsAt: Date;
  expiresAt: Date | null;
}

const CUSTOMER_COLUMNS = `id, ssn, first_name AS "firstName", last_name AS "lastName", email, mobile,
  address1, address2, city, postal_code AS "postalCode", to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
  license_plate AS "licensePlate", is_email_allowed AS "isEmailAllowed", is_sms_allowed AS "isSmsAllowed",
  credit_balance_agorot AS "creditBalanceAgorot"`;

/** Customer accounts and what the customer area shows of them. */
@Injectable()
export class CustomersRepository {
  constructor(
    private readonly db: DataSource,
    private readonly reservations: ReservationRowsRepository,
  ) {}

  async byId(id: number): Promise<CustomerRow | null> {
    const rows = await this.db.query(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async bySsn(ssn: string): Promise<CustomerRow | null> {
    const rows = await this.db.query(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE ssn = $1`, [ssn]);
    return rows[0] ?? null;
  }

  /** The oldest account on a mobile number (a number may be shared by a family; the first holder logs in). */
  async byMobile(mobile: string): Promise<CustomerRow | null> {
    const rows = await this.db.query(`SELECT ${CUSTOMER_COLUMNS} FROM customer WHERE mobile = $1 ORDER BY id LIMIT 1`, [
      mobile,
    ]);
    return rows[0] ?? null;
  }

  async byEmailWithPassword(email: string): Promise<{ id: number; passwordHash: string | null } | null> {
    const rows = await this.db.query(
      `SELECT id, password_hash AS "passwordHash" FROM customer WHERE lower(email) = lower($1)`,
      [email],
    );
    return rows[0] ?? null;
  }

  async create(mobile: string, ssn: string | null): Promise<number> {
    const [row] = await this.db.query(`INSERT INTO customer (mobile, ssn) VALUES ($1, $2) RETURNING id`, [mobile, ssn]);
    return row.id;
  }

  async setMobile(id: number, mobile: string): Promise<void> {
    await this.db.query(`UPDATE customer SET mobile = $2, updated_at = now() WHERE id = $1`, [id, mobile]);
  }

  async update(
    id: number,
    d: {
      firstName: string;
      lastName: string;
      email: string;
      mobile: string;
      address1: string | null;
      city: string | null;
      dateOfBirth: string | null;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE customer SET first_name = $2, last_name = $3, email = $4, mobile = $5, address1 = $6, city = $7,
              date_of_birth = $8::date, updated_at = now() WHERE id = $1`,
      [id, d.firstName, d.lastName, d.email, d.mobile, d.address1, d.city, d.dateOfBirth],
    );
  }

  /**
   * Orders placed with this verified mobile number and not yet linked to anyone
   * become the customer's: the one-time code just proved the number is theirs.
   */
  claimOrdersByMobile(customerId: number, mobile: string): Promise<number> {
    return this.reservations.claimByMobile(customerId, mobile);
  }

  /** Links an order made at checkout to the logged-in customer (only the buying visitor's, only once). */
  attachOrder(customerId: number, reservationIdentifier: string, visitorId: string): Promise<void> {
    return this.reservations.attachToCustomer(customerId, reservationIdentifier, visitorId);
  }

  areaTickets(customerId: number): Promise<AreaTicketRow[]> {
    return this.db.query(
      `SELECT r.id::text AS "reservationId", r.identifier, r.state, r.document_key AS "documentKey",
              r.total_agorot AS "totalAgorot", r.created_at AS "createdAt",
              rt.identifier AS "ticketIdentifier", rt.presentation_id AS "presentationId",
              f.name AS "featureName", f.name_en AS "featureNameEn", v.name AS "venueName", v.name_en AS "venueNameEn",
              p.venue_type_id AS "venueTypeId", p.date_time AS "dateTime",
              s.name AS "sectionName", s.name_en AS "sectionNameEn", se.row_name AS "rowName", se.seat_name AS "seatName",
              rt.amount_agorot + rt.service_charge_agorot AS "amountAgorot", rt.status,
              coalesce(cp.customer_may_cancel, false) AS "customerMayCancel",
              NULLIF(f.translations->'ru'->>'name', '') AS "featureNameRu", NULLIF(f.translations->'ar'->>'name', '') AS "featureNameAr",
              NULLIF(v.translations->'ru'->>'name', '') AS "venueNameRu", NULLIF(v.translations->'ar'->>'name', '') AS "venueNameAr",
              NULLIF(s.translations->'ru'->>'name', '') AS "sectionNameRu", NULLIF(s.translations->'ar'->>'name', '') AS "sectionNameAr"
         FROM reservation r
         JOIN reservation_ticket rt ON rt.reservation_id = r.id
         JOIN presentation p ON p.id = rt.presentation_id
         JOIN feature f ON f.id = p.feature_id
         JOIN venue v ON v.id = p.venue_id
         JOIN section s ON s.id = rt.section_id
         LEFT JOIN seat se ON se.section_id = rt.section_id AND se.x = rt.x AND se.y = rt.y AND s.is_reserved
         LEFT JOIN presentation_cancellation_policy cp ON cp.presentation_id = rt.presentation_id
        WHERE r.customer_id = $1
        ORDER BY p.date_time, r.id, rt.id`,
      [customerId],
    );
  }

  vouchers(customerId: number): Promise<VoucherRow[]> {
    return this.db.query(
      `SELECT reference, name, name_en AS "nameEn", translations->'ru'->>'name' AS "nameRu",
              translations->'ar'->>'name' AS "nameAr", balance_agorot AS "balanceAgorot", is_for_replacement AS "isForReplacement", created_at AS "createdAt",
              coalesce(starts_at, created_at) AS "startsAt", expires_at AS "expiresAt"
         FROM system_voucher
        WHERE active AND (customer_id = $1 OR reservation_id IN (SELECT id FROM reservation WHERE customer_id = $1))
        ORDER BY id`,
      [customerId],
    );
  }

  members(customerId: number): Promise<{ id: number; firstName: string; lastName: string }[]> {
    return this.db.query(
      `SELECT c.id, c.first_name AS "firstName", c.last_name AS "lastName"
         FROM customer_member m JOIN customer c ON c.id = m.member_id WHERE m.customer_id = $1 ORDER BY c.id`,
      [customerId],
    );
  }

  locations(): Promise<{ id: number; name: string; nameEn: string }[]> {
    return this.db.query(`SELECT id, name, name_en AS "nameEn" FROM location ORDER BY id`);
  }
}
