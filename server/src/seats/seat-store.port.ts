/**
 * The seat engine's storage port: the live state of every presentation.
 * RedisSeatStore implements it with one Lua script per transition; the service
 * layer never sees Redis. Seat keys are "sectionId:x:y" (shared seatKey()).
 */
export type StoreRefusal =
  | 'SEAT_NOT_AVAILABLE'
  | 'SEATS_MUST_BE_TOGETHER'
  | 'MAX_SEATS_EXCEEDED'
  | 'SINGLE_SEAT_GAP'
  | 'NO_SEATS_LEFT_GA'
  | 'NO_SEATS_LEFT_RESERVED'
  | 'NO_SEATS_LEFT_SECTION'
  | 'NOT_LOCK_OWNER'
  | 'SECTION_NOT_FOUND'
  /** The client address holds its cap of seats; detail: ms until its earliest hold expires. */
  | 'SEAT_HOLD_CAP';

/** The presentation has no live state yet (never initialised, or Redis lost it). */
export interface NotInitialised {
  ok: false;
  notInitialised: true;
}
export interface Refused {
  ok: false;
  notInitialised?: false;
  code: StoreRefusal;
  detail: string;
}

export interface RuleRow {
  /** Seat keys of the row in ascending x. */
  keys: string[];
  /** One char per seat: bit 0 exempt (left/middle/right seat), bit 1 not sellable. */
  flags: string;
}

export interface LockRequest {
  owner: string;
  /** Chosen seat first, then the rest of its couch/bed group (or a best-available block). */
  keys: string[];
  ttlMs: number;
  maxSeats: number;
  noSingleSeatGap: boolean;
  singleSeatBlocking: boolean;
  /** The rows of the targets, for the two row rules (empty when neither applies). */
  rows: RuleRow[];
  sectionSize: number;
  reservedTotal: number;
  ownerSetTtlSeconds: number;
  /** A box-office block: independent seats, all or nothing; a taken one is named in the refusal's detail. */
  block?: boolean;
  /** The per-address hold cap, checked and booked in the lock's own atomic step; absent = no cap, no extra work. */
  holdCap?: HoldCap;
}

/** Seats one client address may hold at once on the presentation (cap > 0). */
export interface HoldCap {
  address: string;
  cap: number;
}

export interface Locked {
  ok: true;
  version: number;
  earliestExpiryMs: number;
  nowMs: number;
  newlyLocked: number;
}

export interface GaLockRequest {
  owner: string;
  sectionId: number;
  count: number;
  ttlMs: number;
  maxSeats: number;
  ownerSetTtlSeconds: number;
  holdCap?: HoldCap;
}

export interface GaLocked {
  ok: true;
  version: number;
  earliestExpiryMs: number;
  nowMs: number;
  places: number[];
}

export interface Changed {
  ok: true;
  version: number;
  count: number;
}

/** A seat swap applied (swapSold): new seats sold, old seats released, in one version. */
export interface Swapped {
  ok: true;
  version: number;
  sold: number;
  released: number;
}

export interface Snapshot {
  ok: true;
  version: number;
  state: Map<string, string>;
}

export interface LogEntry {
  version: number;
  changes: [string, string][];
}

export interface TimerReading {
  nowMs: number;
  earliestExpiryMs: number | null;
  lockCount: number;
}

export interface InitialState {
  gaSections: { id: number; capacity: number }[];
  soldKeys: string[];
}

/** How a seat stands for one visitor right now (on the lock clock). */
export type SeatHold = 'mine' | 'mine-expired' | 'free' | 'sold' | 'other' | 'unavailable';

/** One seat on each of several presentations, held or released as one atomic unit (season enrolment, series). */
export interface AcrossRequest {
  owner: string;
  seats: { presentationId: number; key: string }[];
  ttlMs: number;
  maxSeats: number;
  ownerSetTtlSeconds: number;
}
export type AcrossLocked = { ok: true; nowMs: number; expiresMs: number; newlyLocked: number; versions: number[] };
export type AcrossRefused = { ok: false; code: StoreRefusal; presentationId: number };
export type AcrossNotInitialised = { ok: false; notInitialised: true; presentationId: number };

/** A presentation's live state moved to another plan version (lua/replan.lua.ts). */
export interface Replan {
  /** Every occupied seat key of the old version -> its key in the new one. */
  keys: Map<string, string>;
  /** The old version's standing sections (their free lists go) and the new version's, with their capacities. */
  oldGaSectionIds: number[];
  newGaSections: { id: number; capacity: number }[];
  /**
   * Recovery only (lua/replan.lua.ts): an entry `keys` does not name keeps its key, one mapped to '' is dropped, and
   * nothing is refused (PostgreSQL, the truth, gives back what was sold).
   */
  recover?: boolean;
}

export abstract class SeatStore {
  abstract initialise(presentationId: number, state: InitialState): Promise<{ created: boolean; version: number }>;
  /**
   * Re-keys the live state to another plan version, all at once; SEAT_MISSING (changing nothing) when a sold seat or
   * a lock has no new key. NOINIT: there is no live state (it is built from PostgreSQL on first use).
   */
  abstract replan(
    presentationId: number,
    replan: Replan,
  ): Promise<{ ok: true; version: number } | Refused | NotInitialised>;
  abstract lock(presentationId: number, request: LockRequest): Promise<Locked | Refused | NotInitialised>;
  abstract lockGa(presentationId: number, request: GaLockRequest): Promise<GaLocked | Refused | NotInitialised>;
  /** holdAddress: the released seats also leave that address's hold set (the hold cap is on for it). */
  abstract unlock(
    presentationId: number,
    owner: string,
    keys: string[],
    holdAddress?: string,
  ): Promise<Changed | Refused | NotInitialised>;
  abstract markSold(presentationId: number, owner: string, keys: string[]): Promise<Changed | Refused | NotInitialised>;
  /** Sold -> available after a cancellation committed in PostgreSQL; non-sold seats are skipped (idempotent). */
  abstract releaseSold(presentationId: number, keys: string[]): Promise<Changed | NotInitialised>;
  /** An order's seat swap committed in PostgreSQL: new seats sold and old seats freed in ONE atomic, versioned step. */
  abstract swapSold(presentationId: number, newKeys: string[], oldKeys: string[]): Promise<Swapped | NotInitialised>;
  abstract setAdminState(
    presentationId: number,
    letter: 'b' | 'h' | 'a',
    keys: string[],
  ): Promise<Changed | Refused | NotInitialised>;
  abstract extend(
    presentationId: number,
    owner: string,
    extensionMs: number,
    hardCapMs: number,
  ): Promise<TimerReading & { extended: number }>;
  /**
   * Payment is starting for `cart`: its seats (`keys`) are claimed for it for `claimMs`, then the owner's locks get
   * their one extension (as `extend`). BUSY, changing nothing, when the same owner's other cart holds a live claim on
   * one of them (claim-payment.lua.ts).
   */
  abstract claimForPayment(
    presentationId: number,
    owner: string,
    cart: string,
    keys: string[],
    timing: { extensionMs: number; hardCapMs: number; claimMs: number },
  ): Promise<(TimerReading & { ok: true; extended: number }) | { ok: false; busySeat: string }>;
  /** The cart will not be paid: its claims on these seats go (only this owner's, only this cart's). */
  abstract releasePaymentClaim(presentationId: number, owner: string, cart: string, keys: string[]): Promise<number>;
  abstract timer(presentationId: number, owner: string): Promise<TimerReading>;
  abstract ownerKeys(presentationId: number, owner: string): Promise<string[]>;
  /** PostgreSQL wins: these seats have live tickets, so they become sold whatever the live state says. */
  abstract reconcileSold(presentationId: number, keys: string[]): Promise<Changed | NotInitialised>;
  /** How each seat stands for `owner`, in the order given. Read-only. */
  abstract holds(presentationId: number, owner: string, keys: string[]): Promise<SeatHold[]>;
  /** The seats `owner` holds unexpired locks on. Read-only. */
  abstract liveLockedKeys(presentationId: number, owner: string): Promise<string[]>;
  abstract snapshot(presentationId: number): Promise<Snapshot | NotInitialised>;
  /** Entries with afterVersion < version <= uptoVersion, or null when the log no longer reaches back that far. */
  abstract readLog(presentationId: number, afterVersion: number, uptoVersion: number): Promise<LogEntry[] | null>;
  abstract currentVersion(presentationId: number): Promise<number | null>;
  abstract dueForSweep(limit: number): Promise<number[]>;
  abstract releaseExpired(
    presentationId: number,
    limit: number,
  ): Promise<{ released: number; version: number; more: boolean }>;
  /** One seat on each presentation, all or nothing, in one script (lua/lock-across.lua.ts). */
  abstract lockAcross(request: AcrossRequest): Promise<AcrossLocked | AcrossRefused | AcrossNotInitialised>;
  /** The owner's seat on each presentation released, all or nothing (NOT_LOCK_OWNER). */
  abstract unlockAcross(
    owner: string,
    seats: { presentationId: number; key: string }[],
  ): Promise<{ ok: true; released: number } | AcrossRefused | AcrossNotInitialised>;
}
