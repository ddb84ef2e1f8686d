import { AppError } from '../common/app-error';
import { classifyDependencyFailure } from '../common/dependency-failure';
import { classifyTransientConflict } from '../common/transient-conflict';

/**
 * An operation's outcome label: `ok`, the error code (lower case) of a refusal or error we raised (the catalogues
 * are finite, so the label is bounded), `unavailable` for a dependency failure or a transient database conflict (both answered 503), `error` for anything else.
 */
export function outcomeOf(error: unknown): string {
  if (error instanceof AppError) return error.code.toLowerCase();
  if (classifyDependencyFailure(error) || classifyTransientConflict(error)) return 'unavailable';
  return 'error';
}

/** The histograms' coarse result: `refused` (a 4xx we answered on purpose) or `error` (a 5xx, a dependency). */
export function resultOf(error: unknown): 'refused' | 'error' {
  return error instanceof AppError && error.status < 500 ? 'refused' : 'error';
}
