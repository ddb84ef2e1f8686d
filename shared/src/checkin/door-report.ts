import type { DoorOutcome } from './api';

/** The back office's view of the doors (docs/door-checkin.md, "Back office"), permission 293, business scope. */

/** Outcomes that are refusals at the door (the guest did not go in on this scan). */
export const REFUSED_AT_DOOR = [
  'already-admitted',
  'not-valid',
  'rotating-code-required',
  'cancelled',
  'seat-changed',
  'wrong-presentation',
  'too-early',
] as const satisfies readonly DoorOutcome[];
export type RefusedAtDoor = (typeof REFUSED_AT_DOOR)[number];

/** How long one bar of the "entries over time" chart is. */
export const DOOR_ENTRY_BUCKET_MINUTES = 10;

/** One date in the door screen's list: a show of the staff member's businesses, recent or coming. */
export interface DoorPresentation {
  presentationId: number;
  featureName: string;
  featureNameEn: string | null;
  featureNameRu: string | null;
  featureNameAr: string | null;
  /** ISO time of the show. */
  dateTime: string;
}

/** GET /api/admin/doors/presentations */
export interface DoorPresentationsResponse {
  presentations: DoorPresentation[];
}

export interface DoorConflict {
  /** The scan's id: what "mark reviewed" names. */
  scanId: number;
  ticketIdentifier: string | null;
  /** The gate and device that let the guest in offline, and when. */
  gate: string;
  device: string;
  scannedAt: string;
  /** What the server recorded for that scan (already-admitted, cancelled…). */
  outcome: DoorOutcome;
  /** The entry that stands: when and at which gate the ticket was first let in. */
  admittedAt: string | null;
  admittedGate: string | null;
  /** When a staff member marked it reviewed, and who (their user name); null while open. */
  reviewedAt: string | null;
  reviewedBy: string | null;
}

export interface DoorRefusedScan {
  scannedAt: string;
  gate: string;
  outcome: RefusedAtDoor;
  ticketIdentifier: string | null;
  /** Checked on the scanner without the network, uploaded later. */
  offline: boolean;
}

/** GET /api/admin/doors/presentations/:id: one date at the doors, read when asked. */
export interface DoorReport {
  presentationId: number;
  showAt: string;
  doorsOpenAt: string;
  /** Seats of the reserved sections plus the capacity of the unreserved ones. */
  capacity: number;
  /** Paid, live tickets: who may come. */
  ticketsValid: number;
  /** Tickets let in (each once, whatever the gates), and of them those inside now (re-entry shows). */
  admitted: number;
  inside: number;
  byGate: { gate: string; admitted: number }[];
  /** First entries per DOOR_ENTRY_BUCKET_MINUTES, oldest first; only buckets with entries. */
  overTime: { from: string; admitted: number }[];
  refusalsByReason: { outcome: RefusedAtDoor; count: number }[];
  /** The latest refused scans, newest first (at most 50). */
  recentRefusals: DoorRefusedScan[];
  conflicts: DoorConflict[];
}

/** POST /api/admin/doors/conflicts/:scanId/review */
export interface DoorConflictReviewed {
  scanId: number;
  reviewedAt: string;
}

/** A door-code signing key as the back office lists it (no private half). */
export interface DoorKeyInfo {
  keyId: number;
  createdAt: string;
  retiredAt: string | null;
  /** A retired key verifies codes until then (its last show's end); null for the active key. */
  verifiesUntil: string | null;
  active: boolean;
}

/** GET /api/admin/doors/keys and POST /api/admin/doors/keys/rotate: keys still verifying, newest first. */
export interface DoorKeysResponse {
  keys: DoorKeyInfo[];
}
