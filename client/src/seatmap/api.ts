import type {
  ApiSeatplan,
  ApiTicketGroup,
  BestAvailableResponse,
  ColumnarSeatplan,
  BlockSeatRef,
  LockSeatInput,
  LockSeatResponse,
  LockSeatsResponse,
  StaffMeResponse,
  TicketGroupsResponse,
  TimerResponse,
  UnlockSeatResponse,
} from '@hotline/shared';
import { api, ApiError, apiRequest, badResponse, buildUrl, isAbortError, networkError } from '../api/client';
import { withVisitorIdIfKnown } from '../api/identity';
import { takeEarlyAnswer } from '../api/early-answers';

/** The seat map's calls (storefront-spec.md section 7). All go through the shared API client (uuid header, lang, ApiError). */

export interface SeatplanTimings {
  /** performance.now() when the request left and when the body had arrived. */
  requested: number;
  received: number;
  bytes: number;
}

/**
 * GET /api/presentations/:id/seatplan?format=columnar as TEXT: the caller parses it once
 * every response is in, so "data arrived" and "parsed" can be told apart.
 * The columnar form (ColumnarSeatplan) is a few MB at 100k seats where the
 * nested one is ~38 MB; parsePlan accepts either. By the presentation (the same document as
 * /seats/seatplan of its venue and plan), so the order page's entry can ask for it from the address alone, beside the
 * presentation (order/early-requests.ts).
 */
export async function getSeatplanText(
  presentationId: number,
  signal?: AbortSignal,
): Promise<{ text: string; timings: SeatplanTimings }> {
  const path = seatplanPath(presentationId);
  // Asked already by the order page's entry (order/early-requests.ts): its timings are the real request's.
  const early = takeEarlyAnswer<{ text: string; timings: SeatplanTimings }>(buildUrl(path, PLAN_QUERY), signal);
  if (early) return early;
  const requested = performance.now();
  const text = await fetchText(path, PLAN_QUERY, signal);
  return { text, timings: { requested, received: performance.now(), bytes: text.length } };
}

const seatplanPath = (presentationId: number) => `/presentations/${presentationId}/seatplan`;
const PLAN_QUERY = { format: 'columnar' };

/** The address getSeatplanText asks (the order page's early requests key their answer by it). */
export function seatplanUrl(presentationId: number): string {
  return buildUrl(seatplanPath(presentationId), PLAN_QUERY);
}

export function parsePlan(text: string): ApiSeatplan | ColumnarSeatplan {
  return (JSON.parse(text) as { seatplan: ApiSeatplan | ColumnarSeatplan }).seatplan;
}

/**
 * GET /api/seats/seats-status?format=binary as bytes (shared/src/seats/seat-status-binary.ts: a few kB where the JSON
 * is 138 kB brotli at 100k seats; parsed in a worker, see status-parser.ts, which reads JSON too). Only the
 * presentation id: the entry can ask for it from the address alone, before the presentation is in
 * (order/early-requests.ts); venueTypeId, which the spec lists, changes nothing in the answer.
 */
export async function getSeatsStatusBytes(presentationId: number, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetchResponse('/seats/seats-status', statusQuery(presentationId), signal);
  return response.arrayBuffer();
}

const statusQuery = (presentationId: number) => ({ presentationId, format: 'binary' });

/**
 * Where the order page's early requests keep the statuses, already parsed in the status worker
 * (order/early-requests.ts): the same address as getSeatsStatusBytes, but a different answer.
 */
export function parsedStatusKey(presentationId: number): string {
  return `parsed:${buildUrl('/seats/seats-status', statusQuery(presentationId))}`;
}

/** GET returning the raw body text; failures become ApiError like every other call. */
async function fetchText(path: string, query: Record<string, string | number>, signal?: AbortSignal): Promise<string> {
  return (await fetchResponse(path, query, signal)).text();
}

/**
 * GET with the visitor header when there is one (these are the server's AnonymousRead routes: a first visit asks
 * them at once, without waiting for an id); a non-2xx answer becomes ApiError (the body is consumed then).
 */
async function fetchResponse(
  path: string,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await withVisitorIdIfKnown((uuid) =>
      fetch(buildUrl(path, query), {
        headers: uuid ? { uuid, accept: 'application/json' } : { accept: 'application/json' },
        signal,
        credentials: 'same-origin',
      }),
    );
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { error?: string; message?: string };
      if (typeof body.error === 'string') throw new ApiError(response.status, body.error, body.message ?? '');
    } catch (error) {
      if (error instanceof ApiError) throw error;
    }
    throw badResponse(response.status);
  }
  return response;
}

export function getTicketGroups(presentationId: number, signal?: AbortSignal): Promise<ApiTicketGroup[]> {
  const path = ticketGroupsPath(presentationId);
  return (
    takeEarlyAnswer<TicketGroupsResponse>(buildUrl(path), signal) ?? askTicketGroups(presentationId, signal)
  ).then((r) => r.ticketGroups);
}

const ticketGroupsPath = (presentationId: number) => `/presentations/${presentationId}/ticketGroups`;

/** The ticket groups' answer, asked at once on a first visit (an AnonymousRead on the server: nobody's prices). */
export function askTicketGroups(presentationId: number, signal?: AbortSignal): Promise<TicketGroupsResponse> {
  return apiRequest<TicketGroupsResponse>(ticketGroupsPath(presentationId), { signal, anonymousRead: true });
}

/** The address askTicketGroups asks (the order page's early requests key their answer by it). */
export function ticketGroupsUrl(presentationId: number): string {
  return buildUrl(ticketGroupsPath(presentationId));
}

export function lockSeat(seat: LockSeatInput, recaptchaToken: string): Promise<LockSeatResponse> {
  return api.put<LockSeatResponse>('/seats/lock-seat', { recaptchaToken, seat });
}

/** Box office (staff, permission 267): PUT /api/backoffice/lock-seats, the whole block in one call, all or nothing. */
export function lockSeatsBlock(presentationId: number, seats: BlockSeatRef[]): Promise<LockSeatsResponse> {
  return api.put<LockSeatsResponse>('/backoffice/lock-seats', { presentationId, seats });
}

/** Box office: PUT /api/backoffice/unlock-seats, a block given back in one call (the undo of a block). */
export function unlockSeatsBlock(presentationId: number, seats: BlockSeatRef[]): Promise<{ version: number }> {
  return api.put<{ version: number }>('/backoffice/unlock-seats', { presentationId, seats });
}

/** GET /api/backoffice/me: the signed-in staff member, or an ApiError (401) without a staff session. */
export function staffMe(): Promise<StaffMeResponse> {
  return api.get<StaffMeResponse>('/backoffice/me');
}

export function unlockSeat(seat: LockSeatInput, recaptchaToken: string): Promise<UnlockSeatResponse> {
  return api.put<UnlockSeatResponse>('/seats/unlock-seat', { recaptchaToken, seat });
}

export function bestAvailable(params: {
  presentationId: number;
  quantity: number;
  ticketGroupId?: number;
  /** Zone preference: only this section. */
  sectionId?: number;
  recaptchaToken: string;
}): Promise<BestAvailableResponse> {
  return api.get<BestAvailableResponse>('/seats/best-available', {
    presentationId: params.presentationId,
    quantity: params.quantity,
    ticketGroupId: params.ticketGroupId,
    sectionId: params.sectionId,
    recaptchaToken: params.recaptchaToken,
    maxMatches: 5,
    resultsPerMatch: 1,
    isBestPerPresentation: 1,
    isLock: 1,
  });
}

export function getTimer(presentationId: number): Promise<TimerResponse> {
  return api.get<TimerResponse>(`/presentations/timer/${presentationId}`);
}
