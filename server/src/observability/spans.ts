import type { SpanSpec } from './tracing';

/**
 * The spans of the lock path and the commit, named by OpenTelemetry's semantic conventions (database client spans:
 * `db.system.name`, `db.operation.name`, `db.query.summary` as the span's name). One place, so the names a dashboard
 * or a test looks for do not drift.
 */

/** One seat script call (the lock, the unlock, the payment claim, the sold mark…): `EVALSHA seatLock`. */
export function redisScriptSpan(script: string): SpanSpec {
  const summary = `EVALSHA ${script}`;
  return {
    name: summary,
    kind: 'client',
    attributes: { 'db.system.name': 'redis', 'db.operation.name': 'EVALSHA', 'db.query.summary': summary },
  };
}

/** THE sale statement (reservations/sales.repository.ts): reservation, tickets, payments and outbox in one. */
export const SALE_STATEMENT_SPAN: SpanSpec = {
  name: 'sale',
  kind: 'client',
  attributes: { 'db.system.name': 'postgresql', 'db.query.summary': 'sale' },
};

/** A call to the payment provider; `provider` is its stored name (`sandbox`, a gateway's), never the card. */
export function paymentProviderSpan(operation: 'charge' | 'status' | 'refund', provider: string): SpanSpec {
  return {
    name: `payment ${operation}`,
    kind: 'client',
    attributes: { 'hotline.payment.operation': operation, 'hotline.payment.provider': provider },
  };
}

/** One run of a job of the one job runner (jobs/job-scheduler.ts): the root of that run's trace. */
export function jobRunSpan(job: string): SpanSpec {
  return { name: `job ${job}`, kind: 'internal', attributes: { 'hotline.job': job } };
}

/**
 * One socket.io event a client sent (`seats:subscribe`, `queue:subscribe`…), the root of its trace: the name is the
 * event's (a fixed set), never its body (a visitor id, a queue ticket).
 */
export function socketEventSpan(event: string): SpanSpec {
  return { name: `socket.io ${event}`, kind: 'server', attributes: { 'hotline.socket.event': event } };
}
