import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from './logger';

/** The outside services whose loss degrades the API to 503 rather than breaking it. */
export type Dependency = 'redis' | 'postgres';

/** How long a client should wait before retrying a call refused because a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * 25P03 and 57P05: PostgreSQL ended the session because it sat idle, in a transaction
 * (idle_in_transaction_session_timeout, 15 s in database/data-source.ts) or at all (idle_session_timeout); the
 * transaction rolled back with it. Seen as 500s of the customer cancellation when the clock guard's PostgreSQL fired its
 * timeouts early (scripts/clock-guard.mjs); in production it means this process stalled mid-transaction: nothing was
 * done, a 503 the client may retry.
 */
const PG_CONNECTION_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  '25P03',
  '57P05',
]);
const TYPEORM_CONNECTION_LOST = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const PG_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
  'canceling statement due to statement timeout',
];
const REDIS_MESSAGES = [
  'Connection is closed',
  'Command timed out',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  // Redis Cluster: a shard whose primary failed until its replica is promoted, a slot moving during resharding,
  // a slot map ioredis cannot refresh. A 503 with Retry-After on the slots concerned; the other shards keep working.
  'CLUSTERDOWN',
  'TRYAGAIN',
  'Too many Cluster redirections',
  'Failed to refresh slots cache',
  'None of startup nodes is available',
  "Cluster isn't ready",
  'LOADING',
  // ioredis auto-pipelining groups commands by the node that served their slot when they were queued; a slot map
  // refreshed before the batch is sent (a slot moved meanwhile) puts them on two nodes, and ioredis refuses the whole
  // batch before sending any of it (Pipeline.exec). Seen as 14 lock 500s in reshard-cluster.medium.test.ts.
  'All keys in the pipeline should belong to the same slots allocation group',
];
/**
 * What a resharding lets through to the caller (reshard-cluster.medium.test.ts found both as 500s). ioredis follows a
 * redirection of a single command, but an auto-pipelined batch is retried only when every reply in it is the same
 * error (ioredis Pipeline), so a script whose neighbours in the batch succeeded comes back with the raw
 * `ASK <slot> <host:port>` (or `MOVED …`). And a script re-sent after such a redirection has lost ioredis's NOSCRIPT ->
 * EVAL fallback (the retry re-creates the command's promise), so on a target primary that never ran it the reply is
 * `NOSCRIPT`; the next command on that connection sends EVAL again. In all three the node did not run the command:
 * a 503 with Retry-After is true and safe.
 */
const REDIS_NOT_RUN = /^(?:(?:ASK|MOVED) \d+ \S+|NOSCRIPT .*)$/;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
}

function fields(error: unknown): ErrorLike | null {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : null;
}

/**
 * Tells a dependency outage (Redis or PostgreSQL unreachable, frozen or timing out)
 * from a bug. Outages are answered 503 with Retry-After and logged once per window;
 * anything else stays a 500 with its stack.
 */
export function classifyDependencyFailure(error: unknown): Dependency | null {
  const e = fields(error);
  if (!e) return null;
  // TypeORM wraps the pg error.
  if (e.driverError) {
    const inner = classifyDependencyFailure(e.driverError);
    if (inner) return 'postgres';
  }
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.code === 'string' ? e.code : '';
  // TypeORM releases a transaction's connection when the pg client reports it lost (the server ended the session, a
  // socket error), and the transaction's next statement or its COMMIT then throws one of these instead of the cause:
  // the customer sign-in's and cancellation's 500s of the clock guard (timeouts fired early, scripts/clock-guard.mjs).
  if (TYPEORM_CONNECTION_LOST.has(name)) return 'postgres';
  if (
    name === 'MaxRetriesPerRequestError' ||
    REDIS_MESSAGES.some((m) => message.includes(m)) ||
    REDIS_NOT_RUN.test(message)
  )
    return 'redis';
  if (PG_CONNECTION_CODES.has(code) || PG_MESSAGES.some((m) => message.includes(m))) return 'postgres';
  // ioredis turns socket errors into the retry/closed errors above; a bare socket error comes from pg.
  if (NET_CODES.has(code)) return 'postgres';
  return null;
}

/**
 * One log line per dependency per window, however many requests fail meanwhile
 * (the count of the rest is in the next line). A Redis outage during an on-sale
 * would otherwise write a stack trace per request.
 */
@Injectable()
export class DependencyAlarm {
  private readonly last = new Map<string, { at: number; suppressed: number }>();
  private readonly listeners: ((dependency: string) => void)[] = [];

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  static readonly WINDOW_MS = 30_000;

  /** Told of every failure reported, logged or not (the metrics count them all: observability/). */
  onReport(listener: (dependency: string) => void): void {
    this.listeners.push(listener);
  }

  report(dependency: Dependency | string, context: string, error: unknown, nowMs = Date.now()): void {
    for (const listener of this.listeners) listener(dependency);
    const key = `${dependency}\u0000${context}`;
    const entry = this.last.get(key);
    if (entry && nowMs - entry.at < DependencyAlarm.WINDOW_MS) {
      entry.suppressed++;
      return;
    }
    const message = fields(error)?.message;
    this.logger.error(
      {
        dependency,
        context,
        reason: typeof message === 'string' ? message.slice(0, 200) : String(error),
        suppressedSinceLast: entry?.suppressed ?? 0,
      },
      `${dependency} unavailable (${context}); answering 503 until it returns`,
    );
    this.last.set(key, { at: nowMs, suppressed: 0 });
  }
}
