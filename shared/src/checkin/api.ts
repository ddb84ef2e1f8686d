import type { TicketKey } from '../rules/checkin/check-ticket-code';

/** Door check-in wire types (docs/door-checkin.md). */
export const DOOR_OUTCOMES = [
  'admitted',
  'already-admitted',
  'not-valid',
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
