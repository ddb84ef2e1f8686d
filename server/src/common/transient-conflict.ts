/**
 * PostgreSQL's answers for a transaction that lost a race with another one and was rolled back whole: nothing it did
 * is left, and the same work done again a moment later normally succeeds (docs/decisions/048-transient-conflicts.md).
 * They are not outages (dependency-failure.ts) and not bugs: a request that meets one after its retries is answered
 * 503 with Retry-After, never 500.
 */
export type TransientConflict = 'deadlock' | 'serialization' | 'lock-not-available';

const PG_CONFLICT_CODES: Record<string, TransientConflict> = {
  // deadlock_detected: two transactions waited on each other; PostgreSQL rolled this one back.
  '40P01': 'deadlock',
  // serialization_failure: a REPEATABLE READ/SERIALIZABLE transaction (or a concurrent update it read) lost.
  '40001': 'serialization',
  // lock_not_available: NOWAIT found the row taken, or lock_timeout ran out waiting for it.
  '55P03': 'lock-not-available',
};

interface WithCode {
  code?: unknown;
  driverError?: unknown;
}

/** The kind of transient conflict an error is (TypeORM's QueryFailedError or the pg error inside it), or null. */
export function classifyTransientConflict(error: unknown): TransientConflict | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as WithCode;
  if (typeof e.code === 'string' && e.code in PG_CONFLICT_CODES) return PG_CONFLICT_CODES[e.code]!;
  return e.driverError === undefined ? null : classifyTransientConflict(e.driverError);
}

/** Attempts of one transaction in all (the first and two retries): past that, the caller answers 503. */
export const CONFLICT_ATTEMPTS = 3;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Runs `transaction` again when PostgreSQL rolled it back for a transient conflict, at most CONFLICT_ATTEMPTS times
 * in all, with a short random pause between (two transactions that deadlocked would otherwise meet again at once).
 * Only for a transaction whose whole effect is inside PostgreSQL: the rollback undid all of it, so running it again is
 * the same as running it once. Never around a call to the payment provider, Redis or anything else the rollback does
 * not undo. Any other error, and the last conflict, is thrown as it came.
 */
export async function retryOnConflict<T>(
  transaction: () => Promise<T>,
  onRetry: (conflict: TransientConflict, attempt: number, error: unknown) => void = () => undefined,
  pauseMs: (attempt: number) => number = (attempt) => 10 + Math.random() * 40 * attempt,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      const conflict = classifyTransientConflict(error);
      if (!conflict || attempt >= CONFLICT_ATTEMPTS) throw error;
      onRetry(conflict, attempt, error);
      await pause(pauseMs(attempt));
    }
  }
}
