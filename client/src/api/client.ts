import type { ErrorBody } from '@hotline/shared';
import { i18next } from '../i18n';
import { channelQuery } from '../storefront-modes/channel';
import { withVisitorId, withVisitorIdIfKnown } from './identity';

/** Where the API lives; same origin in production and behind Vite's proxy in development. */
export const API_BASE = '/api';

/**
 * A failed API call: the server's error shape {error, message} (shared ErrorBody),
 * or a synthetic code for network trouble and unreadable answers.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: Record<string, unknown>;
  /** The whole error answer: some refusals carry more than the message (SEAT_PLAN_INVALID's problems, …). */
  readonly body?: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: Record<string, unknown>,
    body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.body = body;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const BAD_RESPONSE = 'BAD_RESPONSE';

/**
 * The call never got an answer. Its message is a sentence in the visitor's language (offline or not), never the
 * browser's "Failed to fetch": every screen that shows `error.message` (the seat map's toasts too) stays human.
 * The browser's own text goes to the console.
 */
export function networkError(cause: unknown): ApiError {
  console.warn('API call failed without an answer:', cause instanceof Error ? cause.message : String(cause));
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new ApiError(0, NETWORK_ERROR, i18next.t(offline ? 'problems.offline' : 'problems.network'));
}

/** The answer was not ours (a proxy's HTML page, a cut-off body): a translated sentence, the status for logs. */
export function badResponse(status: number): ApiError {
  return new ApiError(status, BAD_RESPONSE, i18next.t('problems.server'));
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).error === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The language the API should answer in (server messages are translated). */
let apiLocale = 'he';
export function setApiLocale(locale: string): void {
  apiLocale = locale;
}

export type Query = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** A body sent as it is with its own media type (a seat-plan file, an image), instead of `body` as JSON. */
  rawBody?: { text: string | Blob; type: string; encoding?: 'gzip' };
  signal?: AbortSignal;
  /**
   * A read the server answers the same to anyone without an id (an `AnonymousRead` route): goes at once without a
   * uuid on a first visit, never waiting for the call that gets one (api/identity.ts withVisitorIdIfKnown).
   */
  anonymousRead?: boolean;
}

export function buildUrl(path: string, query: Query = {}): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  // A mini-site / live domain / partner link adds its parameters to the calls it scopes (storefront-modes/channel.ts).
  for (const [key, value] of Object.entries({ ...channelQuery(path), ...query })) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', apiLocale);
  return url.pathname + url.search;
}

/**
 * Calls the API: adds the `uuid` header and the `lang` parameter, sends JSON,
 * and turns any non-2xx answer into an ApiError. Aborts propagate as AbortError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    response = await (options.anonymousRead ? withVisitorIdIfKnown : withVisitorId)((uuid) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (uuid) headers.uuid = uuid;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.rawBody) headers['content-type'] = options.rawBody.type;
      if (options.rawBody?.encoding) headers['content-encoding'] = options.rawBody.encoding;
      return fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.rawBody
          ? options.rawBody.text
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      });
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw networkError(error);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (isErrorBody(data))
      throw new ApiError(
        response.status,
        data.error,
        data.message,
        data.details,
        data as unknown as Record<string, unknown>,
      );
    throw badResponse(response.status);
  }
  if (data === undefined) throw badResponse(response.status);
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => apiRequest<T>(path, { method: 'POST', body, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => apiRequest<T>(path, { method: 'PUT', body, query }),
};
