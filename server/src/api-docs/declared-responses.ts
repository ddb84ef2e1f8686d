import generated from './response-schemas.generated.json';

export type Schema = Record<string, unknown>;

/** One operation as test/contract/support/response-schemas.ts generates it from its handler. */
export interface GeneratedOperation {
  method: string;
  /** The OpenAPI path, e.g. /api/presentations/{id}. */
  path: string;
  status: number;
  otherStatuses?: number[];
  contentType: string;
  schema?: Schema;
  errorContentType?: string;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, { schema: Schema }>;
}

export const GENERATED = generated as unknown as {
  operations: Record<string, GeneratedOperation>;
  components: Record<string, Schema>;
};

/** The one error shape (shared/src/errors/error-body.ts), in every language: the body of every 4xx and 503. */
export const ERROR_BODY: Schema = {
  type: 'object',
  properties: {
    error: { type: 'string', description: 'A stable code, e.g. SEAT_NOT_AVAILABLE' },
    message: { type: 'string', description: "A sentence in the caller's language (he, en, ru, ar)" },
    details: { type: 'object', additionalProperties: {} },
    requestId: { type: 'string', description: 'The request id (also the x-request-id header), for support' },
    traceId: { type: 'string', description: "With traces on: the request's trace id (OpenTelemetry), for support" },
  },
  required: ['error', 'message'],
};
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };

/**
 * What an operation may answer: its success status with the body its handler returns, the other statuses it
 * answers with (206, 304, 503 degraded), every refusal (`4XX`) as the error shape, and 503 when a store is
 * unreachable. The document (response-schemas.ts) and the tests' answer check (response-validation.ts) both read it.
 */
export function declaredResponses(op: GeneratedOperation): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  const body = { [op.contentType]: { schema: op.schema ?? { type: 'string', format: 'binary' } } };
  for (const status of [op.status, ...(op.otherStatuses ?? [])]) {
    const bodiless = status === 304 || status === 416;
    responses[String(status)] = {
      description: status < 300 ? 'OK' : String(status),
      ...(bodiless ? {} : { content: body }),
    };
  }
  // The sandbox pages refuse with a page (bad input still gets the JSON error shape).
  const refusal = op.errorContentType
    ? { ...ERROR_CONTENT, [op.errorContentType]: { schema: { type: 'string' } } }
    : ERROR_CONTENT;
  responses['4XX'] = {
    description: "Refused: `{ error, message }` in the caller's language; nothing was changed",
    content: refusal,
  };
  // PostgreSQL or Redis unreachable (common/dependency-failure.ts): any operation, with Retry-After; unless the
  // operation answers 503 with its own body (the health check's degraded report, declared above).
  responses['503'] ??= {
    description: 'SERVICE_UNAVAILABLE (or the seat engine unavailable): a store is unreachable; see Retry-After',
    content: ERROR_CONTENT,
  };
  return responses;
}
