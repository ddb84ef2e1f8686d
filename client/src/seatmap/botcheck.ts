import type { Challenge } from 'altcha/lib';
import ShaWorker from 'altcha/workers/sha?worker';
import { api, ApiError } from '../api/client';

/**
 * The bot check that lock-seat and best-available require (docs/bot-check.md):
 * an ALTCHA proof-of-work, solved with the `altcha` package's own solver in
 * Web Workers (the page never janks), ONCE per visit — the server binds a
 * solved payload to this visitor for 10 minutes, so it is reused for every
 * click in that window and only re-solved when it ages out or is refused.
 */
const REUSE_MS = 9 * 60 * 1000;

let cached: { token: string; at: number } | null = null;
let pending: Promise<string> | null = null;

function encode(challenge: Challenge, solution: unknown): string {
  const json = JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  });
  return btoa(unescape(encodeURIComponent(json)));
}

async function solve(): Promise<string> {
  // The solver is fetched beside the challenge, not with the page: it is no part of the seat map's first frame.
  const [challenge, { solveChallengeWorkers }] = await Promise.all([
    api.get<Challenge>('/altcha/challenge'),
    import('altcha/lib'),
  ]);
  const concurrency = Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency,
    createWorker: () => new ShaWorker(),
    timeout: 60_000,
  });
  if (!solution) throw new ApiError(0, 'BOT_CHECK_FAILED', 'bot check not solved');
  return encode(challenge, solution);
}

/** A bot-check token for this visitor: the cached one while fresh, else a newly solved one. */
export function botToken(): Promise<string> {
  if (cached && Date.now() - cached.at < REUSE_MS) return Promise.resolve(cached.token);
  if (!pending) {
    pending = solve()
      .then((token) => {
        cached = { token, at: Date.now() };
        return token;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}

/** Solve ahead of the first click (called when the map opens). Errors surface on the real call. */
export function warmBotToken(): void {
  botToken().catch(() => undefined);
}

/** Runs `call` with a token; if the server refuses the token (expired binding…), solves afresh and retries once. */
export async function withBotToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  const token = await botToken();
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'INVALID_CAPTCHA' || error.code === 'invalid_captcha')) {
      cached = null;
      return call(await botToken());
    }
    throw error;
  }
}
