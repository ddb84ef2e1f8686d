/** The one error shape every API failure answers with. */
export interface ErrorBody {
  error: string;
  message: string;
  /** Optional machine-readable details (e.g. { maxSeats: 10 }). */
  details?: Record<string, unknown>;
  /** The request's id (also its `x-request-id` header): what support asks for to find its log lines. */
  requestId?: string;
}
