import type { OpenAPIObject } from '@nestjs/swagger';
import { declaredResponses, ERROR_BODY, GENERATED, type ResponseObject } from './declared-responses';

/**
 * Puts the response of every operation into the document (declared-responses.ts): its success status with the
 * schema generated from what its handler returns, the other statuses it answers with, `4XX` and 503 as the error
 * shape, so that a client generator or a fuzzer can check every answer against the document. What the decorators
 * said about a status (a description of 401, 403, 429) is kept.
 */
export function withResponseSchemas(document: OpenAPIObject): OpenAPIObject {
  document.components = {
    ...document.components,
    schemas: {
      ...(document.components?.schemas ?? {}),
      ...(GENERATED.components as Record<string, never>),
      ErrorBody: ERROR_BODY as never,
    },
  };
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as {
      operationId?: string;
      responses?: Record<string, ResponseObject>;
    }[]) {
      const generated = operation?.operationId ? GENERATED.operations[operation.operationId] : undefined;
      if (!generated) continue;
      const merged = declaredResponses(generated);
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        const known = merged[code];
        if (known) merged[code] = { ...known, description: response.description ?? known.description };
        // Nest's bare default success entry (201 for a POST that answers 200) is not an answer the route gives.
        else if (/^[23]\d\d$/.test(code) && !response.content) continue;
        else merged[code] = response.content ? response : { ...response, content: merged['4XX']!.content };
      }
      operation.responses = merged;
    }
  return document;
}
