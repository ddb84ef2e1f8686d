import type { Challenge } from 'altcha/lib';
import ShaWorker from 'altcha/workers/sha?worker';
import type { QueueStatusResponse } from '@hotline/shared';
import { ApiError, api, badResponse, buildUrl, isAbortError, networkError } from '../api/client';
import { withVisitorId } from '../api/identity';

/** The wait ticket per presentation: kept in this browser so closing the tab keeps the place. */
const ticketKey = (presentationId: number) => `queue-ticket:${presentationId}`;

export function storedTicket(presentationId: number): string | null {
  try {
    return localStorage.getItem(ticketKey(presentationId));
  } catch {
    return null;
  }
}

export function storeTicket(presentationId: number, ticket: string | null): void {
  try {
    if (ticket) localStorage.setItem(ticketKey(presentationId), ticket);
    else localStorage.removeItem(ticketKey(presentationId));
  } catch {
    /* storage disabled: the place lives as long as the page */
  }
}

/** The join's proof of work (harder than a seat lock's), solved in Web Workers so the page stays responsive. */
async function solveJoinChallenge(presentationId: number): Promise<string> {
  // The solver is fetched beside the challenge, not with the page: it is no part of the seat map's first frame.
  const [challenge, { solveChallengeWorkers }] = await Promise.all([
    api.get<Challenge>(`/queue/${presentationId}/challenge`),
    import('altcha/lib'),
  ]);
  const concurrency = Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency,
    createWorker: () => new ShaWorker(),
    timeout: 120_000,
  });
  if (!solution) throw new ApiError(0, 'BOT_CHECK_FAILED', 'bot check not solved');
  const json = JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
  return btoa(unescape(encodeURIComponent(json)));
}

export async function joinQueue(presentationId: number): Promise<QueueStatusResponse> {
  const recaptchaToken = await solveJoinChallenge(presentationId);
  return api.post<QueueStatusResponse>(`/queue/${presentationId}/join`, { recaptchaToken });
}

/** This visitor's standing; the wait ticket goes in a header (never in the URL). */
export async function queueStatus(presentationId: number, ticket: string | null): Promise<QueueStatusResponse> {
  let response: Response;
  try {
    response = await withVisitorId((uuid) =>
      fetch(buildUrl(`/queue/${presentationId}`), {
        headers: {
          accept: 'application/json',
          ...(uuid ? { uuid } : {}),
          ...(ticket ? { 'queue-ticket': ticket } : {}),
        },
        credentials: 'same-origin',
      }),
    );
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }
  const data = (await response.json().catch(() => undefined)) as
    (QueueStatusResponse & { error?: string; message?: string }) | undefined;
  if (!data) throw badResponse(response.status);
  if (!response.ok) throw new ApiError(response.status, data.error ?? 'BAD_RESPONSE', data.message ?? '');
  return data;
}
