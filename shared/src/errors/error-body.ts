/** The one error shape every API failure answers with. */
export interface ErrorBody {
  error: string;
  message: string;
  /** Optional machine-readable details (e.g. { maxSeats: 10 }). */
  details?: Record<string, unknown>;
  /** The request's id (also its `x-request-id` header): what support asks for to find its log lines. */
  requestId?: string;
  /** With traces on (OpenTelemetry), the request's trace id (32 hex digits): where its trace is found. */
  traceId?: string;
}
