import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DocumentReservation {
  id: string;
  identifier: string;
  state: string;
  createdAt: Date;
  customer: Record<string, unknown>;
  locale: string;
  totalAgorot: number;
  documentKey: string;
}

/** A row's Russian and Arabic name from its `translations` jsonb, null where it has none. */
const translated = (alias: string, field: string) =>
  `NULLIF(${alias}.translations->'ru'->>'name', '') AS "${field}Ru", NULLIF(${alias}.translations->'ar'->>'name', '') AS "${field}Ar"`;

export interface DocumentTicket {
  identifier: string;
  presentationId: number;
  dateTime: Date;
  durationMinutes: number;
  featureName: string;
  featureNameEn: string;
  featureNameRu: string | null;
  featureNameAr: string | null;
  venueName: string;
  venueNameEn: string;
  venueNameRu: string | null;
  venueNameAr: string | null;
  locationName: string;
  locationNameEn: string;
  locationNameRu: string | null;
  locationNameAr: string | null;
  sectionName: string;
  sectionNameEn: string;
  sectionNameRu: string | null;
  sectionNameAr: string | null;
  isReserved: boolean;
  /** 101-104: an online (video-on-demand) show, watched at home rather than entered with the ticket. */
  venueTypeId: number;
  /** The show asks for the rotating door code. */
  rotatingCode: boolean;
  sectionId: number;
  x: number;
  y: number;
  rowName: string | null;
  seatName: string | null;
  ticketName: string;
  ticketNameEn: string;
  ticketNameRu: string | null;
  ticketNameAr: string | null;
  amountAgorot: number;
  serviceChargeAgorot: number;
}

/** A gift voucher an order bought, as its confirmation names it. */
export interface DocumentVoucher {
  reference: string;
  name: string;
  nameEn: string;
  /** Russian and Arabic names, where stored. */
  nameRu: string | null;
  nameAr: string | null;
  valueAgorot: number;
  startsAt: Date;
  expiresAt: Date | null;
}

/** A donation line of an order: the receipt. */
export interface DocumentDonation {
  receiptNumber: string;
  name: string;
  nameEn: string;
  nameRu: string | null;
  nameAr: string | null;
  quantity: number;
  unitAgorot: number;
}

/** A membership the order bought (a new card) or topped up (units added to a card). */
export interface DocumentMembership {
  kind: 'new' | 'topup';
  memberNumber: string;
  name: string;
  nameEn: string;
  nameRu: string | null;
  nameAr: string | null;
  /** Units the order added (a top-up), or the card's units when it was bought. */
  units: number;
  /** The card's last day (a new card). */
  endsAt: Date | null;
}

/** Groups rows carrying a reservationId by it (the outbox renders a batch at a time). */
function byReservationId<T>(rows: (T & { reservationId: string })[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const { reservationId, ...rest } of rows) {
    const item = rest as unknown as T;
    const list = map.get(reservationId);
    if (list) list.push(item);
    else map.set(reservationId, [item]);
  }
  return map;
}

const RESERVATION = `SELECT id::text AS id, identifier, state, created_at AS "createdAt", customer, locale,
  total_agorot AS "totalAgorot", document_key AS "documentKey" FROM reservation`;

/** Reads a reservation with everything its e-ticket and its confirmation message show. */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly db: DataSource) {}

  async byDocumentKey(documentKey: string): Promise<DocumentReservation | null> {
    const rows = await this.db.query(`${RESERVATION} WHERE document_key = $1`, [documentKey]);
    return rows[0] ?? null;
  }

  /** A paid order as its confirmation page shows it, only for the visitor who bought it (null for anyone else). */
  async confirmationFor(
    identifier: string,
    visitorId: string,
  ): Promise<{
    identifier: string;
    documentKey: string;
    totalAgorot: number;
    chargedAgorot: number;
    createdAt: Date;
    ticketIdentifiers: string[];
    presentationIds: number[];
  } | null> {
    const rows = await this.db.query(
      `SELECT r.identifier, r.document_key AS "documentKey", r.total_agorot AS "totalAgorot", r.created_at AS "createdAt",
              coalesce((SELECT sum(p.amount_agorot) FROM payment p WHERE p.reservation_id = r.id
                         AND p.method <> 'voucher' AND p.status IN ('approved', 'refunded')), 0)::int AS "chargedAgorot",
              coalesce((SELECT array_agg(rt.identifier ORDER BY rt.id) FROM reservation_ticket rt
                         WHERE rt.reservation_id = r.id), '{}') AS "ticketIdentifiers",
              coalesce((SELECT array_agg(DISTINCT rt.presentation_id) FROM reservation_ticket rt
                         WHERE rt.reservation_id = r.id), '{}') AS "presentationIds"
         FROM reservation r WHERE r.identifier = $1 AND r.visitor_id = $2 AND r.state = 'paid'`,
      [identifier, visitorId],
    );
    return rows[0] ?? null;
  }

  async byId(id: string): Promise<DocumentReservation | null> {
    const rows = await this.db.query(`${RESERVATION} WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async byIds(ids: string[]): Promise<DocumentReservation[]> {
    if (ids.length === 0) return [];
    return this.db.query(`${RESERVATION} WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** Live tickets only: a cancelled ticket has no e-ticket. Row and seat names come from the seat map (none for general admission). */
  async tickets(reservationId: string): Promise<DocumentTicket[]> {
    return (await this.ticketsOf([reservationId])).get(reservationId) ?? [];
  }

  /** The live tickets of several reservations in one query (the outbox renders a batch at a time). */
  async ticketsOf(reservationIds: string[]): Promise<Map<string, DocumentTicket[]>> {
    const byReservation = new Map<string, DocumentTicket[]>();
    if (reservationIds.length === 0) return byReservation;
    const rows: (DocumentTicket & { reservationId: string })[] = await this.db.query(
      `SELECT rt.reservation_id::text AS "reservationId", rt.identifier, rt.presentation_id AS "presentationId", p.date_time AS "dateTime", f.duration_minutes AS "durationMinutes",
              f.name AS "featureName", f.name_en AS "featureNameEn", v.name AS "venueName", v.name_en AS "venueNameEn",
              l.name AS "locationName", l.name_en AS "locationNameEn", s.name AS "sectionName", s.name_en AS "sectionNameEn",
              s.is_reserved AS "isReserved", p.venue_type_id AS "venueTypeId", p.rotating_code AS "rotatingCode", rt.x, rt.y, rt.section_id AS "sectionId", st.row_name AS "rowName", st.seat_name AS "seatName",
              t.name AS "ticketName", t.name_en AS "ticketNameEn", rt.amount_agorot AS "amountAgorot",
              ${translated('f', 'featureName')}, ${translated('v', 'venueName')}, ${translated('l', 'locationName')},
              ${translated('s', 'sectionName')}, ${translated('t', 'ticketName')},
              rt.service_charge_agorot AS "serviceChargeAgorot"
         FROM reservation_ticket rt
         JOIN presentation p ON p.id = rt.presentation_id
         JOIN feature f ON f.id = p.feature_id
         JOIN venue v ON v.id = p.venue_id
         JOIN location l ON l.id = p.location_id
         JOIN section s ON s.id = rt.section_id
         JOIN ticket t ON t.id = rt.ticket_id
         LEFT JOIN seat st ON st.section_id = rt.section_id AND st.x = rt.x AND st.y = rt.y
        WHERE rt.reservation_id = ANY($1::bigint[]) AND rt.status = 'live'
        ORDER BY p.date_time, rt.presentation_id, s.sort_order, st.row_order NULLS LAST, rt.x, rt.y`,
      [reservationIds],
    );
    for (const { reservationId, ...ticket } of rows) {
      const list = byReservation.get(reservationId);
      if (list) list.push(ticket);
      else byReservation.set(reservationId, [ticket]);
    }
    return byReservation;
  }

  /** Waivers signed for the reservation's events (not the signature bytes: those are served on their own). */
  waiversOf(reservationId: string): Promise<
    {
      id: string;
      presentationId: number;
      participants: { name: string; dateOfBirth: string }[];
      signedAt: Date;
      ip: string;
    }[]
  > {
    return this.db.query(
      `SELECT id::text AS id, presentation_id AS "presentationId", participants, signed_at AS "signedAt", ip
         FROM reservation_waiver WHERE reservation_id = $1 ORDER BY id`,
      [reservationId],
    );
  }

  /** Gift vouchers the reservations bought (their references go out in the confirmation). */
  async vouchersOf(reservationIds: string[]): Promise<Map<string, DocumentVoucher[]>> {
    if (reservationIds.length === 0) return new Map();
    const rows: (DocumentVoucher & { reservationId: string })[] = await this.db.query(
      `SELECT reservation_id::text AS "reservationId", reference, name, name_en AS "nameEn",
              translations->'ru'->>'name' AS "nameRu", translations->'ar'->>'name' AS "nameAr",
              initial_agorot AS "valueAgorot", coalesce(starts_at, created_at) AS "startsAt", expires_at AS "expiresAt"
         FROM system_voucher WHERE reservation_id = ANY($1::bigint[]) ORDER BY id`,
      [reservationIds],
    );
    return byReservationId(rows);
  }

  /** Memberships bought or topped up by these orders, so their confirmation names what was bought. */
  async membershipsOf(reservationIds: string[]): Promise<Map<string, DocumentMembership[]>> {
    if (reservationIds.length === 0) return new Map();
    const rows: (DocumentMembership & { reservationId: string })[] = await this.db.query(
      `SELECT cm.reservation_id::text AS "reservationId", 'new' AS kind, cm.member_number AS "memberNumber",
              m.name, m.name_en AS "nameEn", m.translations->'ru'->>'name' AS "nameRu",
              m.translations->'ar'->>'name' AS "nameAr", cm.balance AS units, cm.ends_at AS "endsAt"
         FROM customer_membership cm JOIN membership m ON m.id = cm.membership_id
        WHERE cm.reservation_id = ANY($1::bigint[])
       UNION ALL
       SELECT t.reservation_id::text, 'topup', t.member_number, m.name, m.name_en, m.translations->'ru'->>'name',
              m.translations->'ar'->>'name', t.units, NULL
         FROM membership_topup t
         JOIN customer_membership cm ON cm.member_number = t.member_number
         JOIN membership m ON m.id = cm.membership_id
        WHERE t.reservation_id = ANY($1::bigint[])
        ORDER BY 1, 2, 3`,
      [reservationIds],
    );
    return byReservationId(rows);
  }

  async donationsOf(reservationIds: string[]): Promise<Map<string, DocumentDonation[]>> {
    if (reservationIds.length === 0) return new Map();
    const rows: (DocumentDonation & { reservationId: string })[] = await this.db.query(
      `SELECT rd.reservation_id::text AS "reservationId", rd.receipt_number AS "receiptNumber", d.name,
              d.name_en AS "nameEn", d.translations->'ru'->>'name' AS "nameRu", d.translations->'ar'->>'name' AS "nameAr",
              rd.quantity, rd.unit_agorot AS "unitAgorot"
         FROM reservation_donation rd JOIN donation d ON d.id = rd.donation_id
        WHERE rd.reservation_id = ANY($1::bigint[]) ORDER BY rd.id`,
      [reservationIds],
    );
    return byReservationId(rows);
  }
}
