import type { BackOfficeMenuItem } from '../rules/backoffice/back-office-menu';
import type { ReportVenueKind } from '../rules/backoffice/report-venue-kind';
import type { StaffRole } from '../rules/backoffice/staff-role';
import type { LockedSeat } from '../seats/wire';

/** POST /api/backoffice/sign-in body: password and the authenticator app's current code. */
export interface StaffSignInRequest {
  username: string;
  password: string;
  totpCode: string;
}

/** The signed-in back-office user (memberships-backoffice-spec.md section 3) and their menu. */
export interface StaffMe {
  userId: number;
  FirstName: string;
  LastName: string;
  businessIds: number[];
  permissions: number[];
  menu: BackOfficeMenuItem[];
  /** What the staff member is, for the greeting in the reader's language (staffRole). */
  role: StaffRole;
  /** The most seats one box-office block lock may take (BOX_OFFICE_MAX_SEATS); the seat map shows it. */
  boxOfficeMaxSeats: number;
}

/** POST /api/backoffice/sign-in and GET /api/backoffice/me answer. */
export interface StaffMeResponse {
  staff: StaffMe;
}

export interface BlockSeatRef {
  sectionId: number;
  x: number;
  y: number;
}

/** PUT /api/backoffice/lock-seats and unlock-seats body: a block of seats of one presentation. */
export interface LockSeatsRequest {
  presentationId: number;
  seats: BlockSeatRef[];
}

/** PUT /api/backoffice/lock-seats answer: every seat of the block (couches whole), or a 409 and none. */
export interface LockSeatsResponse {
  seats: LockedSeat[];
  expiresAt: string;
  timeInSeconds: number;
  version: number;
}

/** PUT /api/backoffice/seat-state body: block, hold back, or release seats (staff). */
export interface SeatStateRequest extends LockSeatsRequest {
  state: 'block' | 'hold' | 'release';
}

/** One presentation's line in a sales report (money in agorot). */
export interface PresentationSalesLine {
  PresentationId: number;
  FeatureId: number;
  FeatureName: string;
  FeatureNameEn: string;
  /** Russian and Arabic names, null where the catalogue has none. */
  FeatureNameRu: string | null;
  FeatureNameAr: string | null;
  LocationId: number;
  LocationName: string;
  LocationNameEn: string;
  LocationNameRu: string | null;
  LocationNameAr: string | null;
  /** ISO instant; shown in Asia/Jerusalem. */
  PresentationDateTime: string;
  Capacity: number;
  /** Paid tickets (reports count money taken). */
  Sold: number;
  /** Seats of unpaid hold orders: taken, no revenue; sold once paid, gone once released. */
  Held: number;
  /** Capacity - Sold - Held, never below 0. */
  Availability: number;
  RevenueAgorot: number;
}

export interface TicketTypeSales {
  TicketId: number;
  Name: string;
  NameEn: string;
  NameRu: string | null;
  NameAr: string | null;
  Sold: number;
  RevenueAgorot: number;
}

export interface DaySales {
  /** Day of sale, YYYY-MM-DD in Asia/Jerusalem. */
  Date: string;
  Sold: number;
  RevenueAgorot: number;
}

/** GET /api/PRES-live/v2/featureData and /presentationData. */
export interface SalesReport {
  presentations: PresentationSalesLine[];
  totals: { Capacity: number; Sold: number; Held: number; Availability: number; RevenueAgorot: number };
  ticketTypes: TicketTypeSales[];
  salesByDay: DaySales[];
}

/** A capacity row (by cinema or by movie); the last row is the total, id -1. */
export interface CapacityLine {
  LocationId?: number;
  FeatureId?: number;
  Name: string;
  NameEn: string;
  /** Russian and Arabic names; null where none is stored, and on the total row (the client names it). */
  NameRu: string | null;
  NameAr: string | null;
  Capacity: number;
  Sold: number;
  Held: number;
  Availability: number;
}

/** GET /api/PRES-live/locationTicketSales/data/:date/0 and /featureTicketSales/data/:date. */
export interface CapacityReportResponse {
  date: string;
  rows: CapacityLine[];
  /** The kind of the venues listed (cinema, hall, stadium, arena) or mixed: the report's heading and total row. */
  venueKind: ReportVenueKind;
}

/**
 * The back office's live channel (socket.io path `/api/live`, namespace `/staff`, the staff session cookie): the server says that
 * seats of one of your businesses changed, at most once per REPORTS_PUSH_MS; an open report asks again. The
 * event carries no data: the report call itself checks permission and scope.
 */
export const STAFF_NAMESPACE = '/staff';
/** Under /api because the staff session cookie is scoped to Path=/api. */
export const STAFF_SOCKET_PATH = '/api/live';
export const ReportsChangedEvent = 'reports:changed';
/** Sent once the socket is in its businesses' rooms: from then on every change reaches it (no data). */
export const ReportsLiveEvent = 'reports:live';
export interface ReportsChangedMessage {
  businessId: number;
}

/** POST /api/backoffice/authenticator answer: the new secret to scan (or type), until a code confirms it. */
export interface AuthenticatorEnrolment {
  otpauthUri: string;
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** The otpauth URI as an SVG QR code. */
  qrSvg: string;
  expiresInMinutes: number;
}
