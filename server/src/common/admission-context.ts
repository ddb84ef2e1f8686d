import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { readCookie } from './visitor-identity';

/**
 * The staff member a request carries: the part of backoffice's StaffIdentity the gate reads. Declared here
 * because common imports no business context; a StaffIdentity satisfies it as is.
 */
export interface AdmissionStaff {
  userId: number;
  businessIds: number[];
  permissions: number[];
}

/**
 * Who is asking for seats, carried from the HTTP edge to the seat engine without any parameter
 * (docs/waiting-room.md, "The gate"). The global AdmissionInterceptor opens one per request; the
 * engine's gate reads it. Nothing here does I/O: the passes are read from the request's own
 * headers when (and only when) a queued presentation is touched.
 */
export interface RequestAdmission {
  kind: 'request';
  /** The caller's uuid (the visitor-identity hook sets it on every request). */
  visitorId: string;
  /** The admission pass this request carries for a presentation: the `queue-pass` header, else its cookie. */
  passOf(presentationId: number): string | undefined;
  /** The signed-in staff member, once a staff guard (or the producer sale) has authenticated the request. */
  staff(): AdmissionStaff | undefined;
  /**
   * Decisions already taken in this request, per presentation: a request that was admitted at its start
   * (the commit, before the card is charged) stays admitted for its later seat steps, even if its pass
   * expires meanwhile; a refusal is not re-evaluated either.
   */
  readonly decided: Map<number, true | Error>;
}

/**
 * Work the server does on its own (recovery jobs, release sweeps, reconciliation, seat rebuilds): never
 * queued. Declared with `asSystem()`; a seat change with no context at all is refused (fail closed).
 */
export interface SystemAdmission {
  kind: 'system';
  reason: string;
}

export type Admission = RequestAdmission | SystemAdmission;

const storage = new AsyncLocalStorage<Admission>();

/** The admission of the code running now, or undefined outside any request or declared system work. */
export function currentAdmission(): Admission | undefined {
  return storage.getStore();
}

/** Runs `fn` (and everything it awaits) under this admission. */
export function withAdmission<T>(admission: Admission, fn: () => T): T {
  return storage.run(admission, fn);
}

/** Runs `fn` as the server's own work: the queue never refuses it. `reason` names it in logs. */
export function asSystem<T>(reason: string, fn: () => T): T {
  return storage.run({ kind: 'system', reason }, fn);
}

/**
 * The admission pass: a cookie per presentation (set by the waiting page's status call, queue.controller.ts), or this
 * header. Read here, at the edge, by the interceptor and by the seat routes' early check alike.
 */
export const passCookieOf = (presentationId: number): string => `hotline_queue_${presentationId}`;
export const PASS_HEADER = 'queue-pass';

/** A request as the staff guards leave it: `staff` is set once one has authenticated the caller. */
export type AdmissionRequest = FastifyRequest & { staff?: AdmissionStaff };

/** The admission of one HTTP request: its uuid, its passes (read lazily), its staff member once authenticated. */
export function requestAdmission(request: AdmissionRequest): RequestAdmission {
  return {
    kind: 'request',
    visitorId: request.visitorId,
    passOf(presentationId) {
      const header = request.headers[PASS_HEADER];
      return (
        (Array.isArray(header) ? header[0] : header) ?? readCookie(request.headers.cookie, passCookieOf(presentationId))
      );
    },
    // Read at decision time: a staff guard runs before this interceptor, the producer sale authenticates in the handler.
    staff: () => request.staff,
    decided: new Map(),
  };
}
