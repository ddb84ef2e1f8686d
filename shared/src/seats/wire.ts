import type { SeatStatusRow } from './seat-status';

/** Socket.io event names for the seat room of one presentation. */
export const SeatEvents = {
  Subscribe: 'seats:subscribe',
  Unsubscribe: 'seats:unsubscribe',
  Delta: 'seats:delta',
  Snapshot: 'seats:snapshot',
  Resync: 'seats:resync',
  /** Client -> server heartbeat with an acknowledgement ({ ok: true }): the Live badge's proof of life. */
  Ping: 'seats:ping',
} as const;

/** The acknowledgement of a heartbeat (SeatEvents.Ping). */
export interface SeatPingAck {
  ok: true;
}

/** Client -> server: watch a presentation, holding `version` (0 or absent means "send a snapshot"). */
export interface SeatSubscribeMessage {
  presentationId: number;
  version?: number;
}

/** Server -> room: every seat row that changed between fromVersion (exclusive) and toVersion (inclusive). */
export interface SeatDeltaMessage {
  presentationId: number;
  fromVersion: number;
  toVersion: number;
  rows: SeatStatusRow[];
}

/** Server -> one client: the full state at `version`. Status 2 ("selected") is never sent on the shared room. */
export interface SeatSnapshotMessage {
  presentationId: number;
  version: number;
  rows: SeatStatusRow[];
}

/* ---- REST payloads of the seat engine (storefront-spec.md section 7) ---- */

/** GET /api/seats/seats-status */
export interface SeatsStatusResponse {
  seats: SeatStatusRow[];
  /** The presentation's seat-state version these rows are at; subscribe with it to get only what changed since. */
  version: number;
  /** Sold out as storefront-spec.md section 4 defines it. */
  soldout: boolean;
  /** Taken places over all places in the answer, 3 decimals. */
  takenRatio: number;
  /** Sections of the answer with nothing left (a section without seats counts as sold out). */
  soldOutSectionIds: number[];
}

/** The seat identity PUT /api/seats/lock-seat and unlock-seat carry; coordinates are null for general admission. */
export interface LockSeatInput {
  PresentationId: number;
  VenueId: number;
  VenueSeatplanId: number;
  VenueSectionId: number;
  TicketGroupId: number;
  XCoordinate: number | null;
  YCoordinate: number | null;
}

/** PUT /api/seats/lock-seat and PUT /api/seats/unlock-seat body. */
export interface LockSeatRequest {
  recaptchaToken: string;
  seat: LockSeatInput;
}

/** One seat locked (or released) by a call; couch and bed seats come as a group. */
export interface LockedSeat {
  sectionId: number;
  x: number;
  y: number;
  RowName: string;
  SeatName: string;
  ticketGroupId: number;
  /** Premium seat (feature 13); hold orders treat it specially. */
  isPremium: boolean;
  features: number[];
}

/** PUT /api/seats/lock-seat answer. */
export interface LockSeatResponse {
  /** The seat the request named, or the place the server picked in a general-admission section. */
  lockedSeat: { x: number; y: number };
  /** Every seat locked together (a couch or bed comes whole). */
  seats: LockedSeat[];
  /** ISO time at which this visitor's earliest lock in the presentation expires. */
  expiresAt: string;
  timeInSeconds: number;
  version: number;
}

/** PUT /api/seats/unlock-seat answer. */
export interface UnlockSeatResponse {
  unlockedSeat: { x: number; y: number };
  seats: LockedSeat[];
  version: number;
}

/** GET /api/seats/best-available answer. */
export interface BestAvailableSeatResult {
  sectionId: number;
  x: number;
  y: number;
  RowName: string;
  SeatName: string;
}

export interface BestAvailableMatchResult {
  presentationId: number;
  seats: BestAvailableSeatResult[];
  /** Higher is better: 1 - distance to the focal point / plan diagonal, less a penalty per relaxation. */
  score: number;
  /** A general-admission match: places in this section (seats are the places once locked, else empty). */
  generalAdmission?: { sectionId: number; placesLeft: number };
  /** Present when isLock=1 locked this match. */
  locked?: boolean;
  expiresAt?: string;
  timeInSeconds?: number;
}

export interface BestAvailableResponse {
  matches: BestAvailableMatchResult[];
}

/** GET /api/presentations/timer/:id answer: "timer keyed by id". */
export interface TimerEntry {
  timeInSeconds: number;
  /** ISO time the server read (the lock clock), so the client can correct its own. */
  currentTime: string;
  /** Where the browser goes when the timer reaches zero. */
  url: string;
}

export interface TimerResponse {
  timer: Record<string, TimerEntry>;
}

/** Server -> one client: a subscribe/resync that could not be served ({ error, message } as in REST). */
export const SeatErrorEvent = 'seats:error' as const;
