import type { FastifyRequest } from 'fastify';

/** Metadata key of @RateLimit. */
export const RATE_LIMIT_POLICIES = Symbol('RATE_LIMIT_POLICIES');

/** Who a counter belongs to: the client IP, the visitor (uuid), or any key a route derives (a phone number). */
export type RateLimitSubject = 'ip' | 'visitor' | ((request: FastifyRequest) => string | undefined);

export interface RateLimitRule {
  /** Calls allowed per window. */
  limit: number;
  windowSeconds: number;
  by: RateLimitSubject;
}

export interface RateLimitPolicy {
  /** Counter namespace; two routes with the same name share their counters (lock and best-available?isLock=1). */
  name: string;
  rules: readonly RateLimitRule[];
  /** Applies only to requests this accepts (best-available counts as a lock only with isLock=1). */
  when?: (request: FastifyRequest) => boolean;
  /**
   * Calls a node claims from each counter at once and then spends without asking Redis (RateLimitService): for
   * the routes an on-sale calls thousands of times a second. Unspent claims still count, so a visitor who moves
   * between nodes may get up to (lease - 1) fewer calls per node per window; never more than the limit.
   */
  lease?: number;
}

/**
 * The product's limits, in one table so they can be read and tuned together
 * (docs/threat-model.md, "Edge"). Per IP limits are higher than per visitor ones
 * because a school or an office shares one address. RATE_LIMIT_SCALE multiplies
 * every limit (tests and benchmarks that hammer one route from one address).
 */
export const RATE_LIMITS = {
  botCheckChallenge: {
    name: 'altcha-challenge',
    rules: [
      { by: 'visitor', limit: 30, windowSeconds: 60 },
      { by: 'ip', limit: 120, windowSeconds: 60 },
    ],
  },
  seatLock: {
    name: 'seat-lock',
    // One Redis round trip per five locks and unlocks instead of per call (load-tests/RESULTS.md, wave 3).
    lease: 5,
    rules: [
      { by: 'visitor', limit: 60, windowSeconds: 60 },
      { by: 'ip', limit: 240, windowSeconds: 60 },
    ],
  },
  /** GET best-available?isLock=1 takes a seat: it spends the lock allowance too. */
  bestAvailableLock: {
    name: 'seat-lock',
    rules: [
      { by: 'visitor', limit: 60, windowSeconds: 60 },
      { by: 'ip', limit: 240, windowSeconds: 60 },
    ],
    when: (request) => {
      const isLock = (request.query as Record<string, unknown> | undefined)?.isLock;
      return isLock === '1' || isLock === 'true';
    },
  },
  bestAvailable: {
    name: 'best-available',
    rules: [
      { by: 'visitor', limit: 30, windowSeconds: 60 },
      { by: 'ip', limit: 120, windowSeconds: 60 },
    ],
  },
  commit: {
    name: 'commit',
    rules: [
      { by: 'visitor', limit: 10, windowSeconds: 60 },
      { by: 'ip', limit: 40, windowSeconds: 60 },
    ],
  },
  cardForm: {
    name: 'card-form',
    rules: [
      { by: 'visitor', limit: 10, windowSeconds: 60 },
      { by: 'ip', limit: 40, windowSeconds: 60 },
    ],
  },
  cardFormSubmit: {
    name: 'card-form-submit',
    rules: [{ by: 'ip', limit: 20, windowSeconds: 60 }],
  },
  cart: {
    name: 'cart',
    rules: [
      { by: 'visitor', limit: 20, windowSeconds: 60 },
      { by: 'ip', limit: 80, windowSeconds: 60 },
    ],
  },
  codeLookup: {
    name: 'code-lookup',
    rules: [
      { by: 'visitor', limit: 10, windowSeconds: 60 },
      { by: 'ip', limit: 40, windowSeconds: 60 },
    ],
  },
  /** Staff sign-in per address, on top of the per-account lockout (server/src/backoffice). */
  staffSignIn: {
    name: 'staff-sign-in',
    rules: [{ by: 'ip', limit: 20, windowSeconds: 600 }],
  },
  /** Box-office seat calls: generous (a show day), but a runaway script is stopped. */
  boxOffice: {
    name: 'box-office',
    rules: [{ by: 'ip', limit: 600, windowSeconds: 60 }],
  },
  /** Catalogue administration (venues, seat plans, …): a person at a screen, or an import script kept in bounds. */
  catalogueAdmin: {
    name: 'catalogue-admin',
    rules: [{ by: 'ip', limit: 300, windowSeconds: 60 }],
  },
  /** Staff administration (accounts, grants, setup links): a person at a screen. */
  staffAdmin: {
    name: 'staff-admin',
    rules: [{ by: 'ip', limit: 120, windowSeconds: 60 }],
  },
  /** The setup link's two calls: a token and a code to guess, so as tight as sign-in. */
  staffSetup: {
    name: 'staff-setup',
    rules: [{ by: 'ip', limit: 20, windowSeconds: 600 }],
  },
  /** Seat-plan uploads: up to 16 MB parsed and validated each, so few (a venue uploads a plan, not a stream). */
  seatPlanUpload: {
    name: 'seat-plan-upload',
    rules: [{ by: 'ip', limit: 30, windowSeconds: 600 }],
  },
  /** Feature images: up to 2 MB read and checked each; a venue uploads a poster now and then, not a stream. */
  featureImageUpload: {
    name: 'feature-image-upload',
    rules: [{ by: 'ip', limit: 30, windowSeconds: 600 }],
  },
  /** The door's public keys: a scanner asks at start and now and then; anyone may, they are public. */
  checkinKeys: {
    name: 'checkin-keys',
    rules: [{ by: 'ip', limit: 120, windowSeconds: 60 }],
  },
  /**
   * Door scans (docs/door-checkin.md): per scanning device (the body's `device`) a person's pace with room to spare
   * (a busy gate scans one ticket every few seconds); per address, a venue's 40 gates behind one NAT.
   */
  checkinRedeem: {
    name: 'checkin-redeem',
    rules: [
      { by: (request) => deviceOf(request), limit: 120, windowSeconds: 60 },
      { by: 'ip', limit: 6000, windowSeconds: 60 },
    ],
  },
  /** Offline scanners: a manifest when going offline, a batch of queued scans when back. */
  checkinOffline: {
    name: 'checkin-offline',
    rules: [
      { by: (request) => deviceOf(request), limit: 30, windowSeconds: 60 },
      { by: 'ip', limit: 600, windowSeconds: 60 },
    ],
  },
} as const satisfies Record<string, RateLimitPolicy>;

/** The scanning device a door call names (body or query), bounded so a key stays small. */
function deviceOf(request: FastifyRequest): string | undefined {
  const from = (source: unknown) =>
    source && typeof source === 'object' && 'device' in source && typeof source.device === 'string'
      ? source.device.slice(0, 64)
      : undefined;
  const device = from(request.body) ?? from(request.query);
  return device === undefined ? undefined : `device:${device}`;
}
