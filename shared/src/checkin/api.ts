import type { TicketKey } from '../rules/checkin/check-ticket-code';

/** Door check-in wire types (docs/door-checkin.md). */
export const DOOR_OUTCOMES = [
  'admitted',
  'already-admitted',
  'not-valid',
  'rotating-code-required',
  'cancelled',
  'seat-changed',
  'wrong-presentation',
  'too-early',
  'exited',
  'not-inside',
  'exit-not-allowed',
] as const;
export type DoorOutcome = (typeof DOOR_OUTCOMES)[number];

/** What the scanner shows: green goes through, amber needs a word with the guest, red stays out. */
export type DoorTone = 'green' | 'amber' | 'red';

export function doorTone(outcome: DoorOutcome): DoorTone {
  if (outcome === 'admitted' || outcome === 'exited') return 'green';
  if (outcome === 'not-valid' || outcome === 'cancelled') return 'red';
  return 'amber';
}

/** GET /api/checkin/keys */
export interface CheckinKeysResponse {
  keys: TicketKey[];
}

/** POST /api/checkin/redeem */
export interface RedeemRequest {
  /** The scanned text (or a ticket identifier typed by hand). */
  code: string;
  presentationId: number;
  gate: string;
  device: string;
  /** The scanner's clock when the code was read (recorded; the server's clock decides "too early"). */
  scannedAt: string;
  /** A UUID the scanner makes per scan: sent again, it is the same scan. */
  nonce: string;
  direction?: 'in' | 'out';
}

export interface RedeemResponse {
  outcome: DoorOutcome;
  tone: DoorTone;
  /** The outcome in the staff member's language. */
  message: string;
  ticketIdentifier: string | null;
  /** The ticket's seat now: row and seat names, or null for general admission or an unknown ticket. */
  seat: { rowName: string; seatName: string } | null;
  /** When and where the ticket was first let in (already-admitted, and admitted itself). */
  admittedAt: string | null;
  gate: string | null;
  /** When the doors open (too-early). */
  doorsOpenAt: string | null;
  /** True when this nonce was answered before: the stored answer, nothing done twice. */
  replayed: boolean;
}

/** One ticket of a show as an offline scanner holds it. */
export interface ManifestTicket {
  identifier: string;
  sectionId: number;
  x: number;
  y: number;
  rowName: string | null;
  seatName: string | null;
  /** 'cancelled' covers cancelled and refunded orders too; unpaid holds are not listed. */
  state: 'valid' | 'cancelled';
  /** First entry, when the ticket was already let in when the manifest was made. */
  admittedAt: string | null;
  gate: string | null;
  /** The ticket's rotating-code secret (base64url), only when the show asks for the rotating code. */
  rotatingSecret?: string;
}

/** GET /api/checkin/presentations/:id/manifest: what a scanner needs to keep admitting without the network. */
export interface CheckinManifest {
  presentationId: number;
  generatedAt: string;
  showAt: string;
  doorsOpenAt: string;
  reentryAllowed: boolean;
  /** The show takes only fresh rotating codes (docs/door-checkin.md, "The rotating code"). */
  rotatingCode: boolean;
  keys: TicketKey[];
  tickets: ManifestTicket[];
}

/** One scan a scanner made offline and queued: what it answered then. */
export interface QueuedScan {
  code: string;
  gate: string;
  scannedAt: string;
  nonce: string;
  direction?: 'in' | 'out';
  /** What the scanner showed at the gate (it let the guest in only on 'admitted' or 'exited'). */
  deviceOutcome: DoorOutcome;
}

/** POST /api/checkin/uploads */
export interface CheckinUploadRequest {
  presentationId: number;
  device: string;
  scans: QueuedScan[];
}

export interface CheckinUploadResponse {
  results: {
    nonce: string;
    /** What the server recorded. */
    outcome: DoorOutcome;
    /** This nonce was uploaded (or scanned online) before: nothing recorded twice. */
    replayed: boolean;
    /** The scanner let the guest in but the server could not agree (admitted elsewhere, cancelled meanwhile). */
    conflict: boolean;
  }[];
}

/** GET /api/checkin/presentations/:id/conflicts: offline admissions the server could not agree with. */
export interface CheckinConflictsResponse {
  conflicts: {
    ticketIdentifier: string | null;
    gate: string;
    device: string;
    scannedAt: string;
    outcome: DoorOutcome;
    /** The entry that stands: when and where the ticket was first let in. */
    admittedAt: string | null;
    admittedGate: string | null;
  }[];
}
