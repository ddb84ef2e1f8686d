import type { ErrorBody } from '@hotline/shared';
import { withVisitorId } from './identity';

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

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** 'message: error' as the spec's error catalogue shows server failures (section 8). */
  toDisplayString(): string {
    return `${this.message || 'Error'}: ${this.code || 'Error'}`;
  }
}

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const BAD_RESPONSE = 'BAD_RESPONSE';

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
  signal?: AbortSignal;
}

export function buildUrl(path: string, query: Query = {}): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
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
    response = await withVisitorId((uuid) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (uuid) headers.uuid = uuid;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      });
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
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
    if (isErrorBody(data)) throw new ApiError(response.status, data.error, data.message, data.details);
    throw new ApiError(response.status, BAD_RESPONSE, response.statusText || `HTTP ${response.status}`);
  }
  if (data === undefined)
    throw new ApiError(response.status, BAD_RESPONSE, 'The server answered with something that is not JSON');
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => apiRequest<T>(path, { method: 'POST', body, query }),
  put: <T>(path: string, body?: unknown, query?: Query) => apiRequest<T>(path, { method: 'PUT', body, query }),
};
