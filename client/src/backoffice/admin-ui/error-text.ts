import { ApiError } from '../../api/client';

/**
 * What to show for a failed call: the server's own sentence for a refusal (a 4xx, already in the reader's
 * language), else `fallback` (a network failure or a server fault has no sentence worth showing).
 */
export const errorText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status > 0 && e.status < 500 && e.message ? e.message : fallback;
