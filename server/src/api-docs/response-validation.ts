import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { declaredResponses, ERROR_BODY, GENERATED, type ResponseObject } from './declared-responses';
import { schemaProblem } from './schema-check';

/**
 * Checks every answer of the API against what the OpenAPI document declares (declared-responses.ts) while tests run
 * (VALIDATE_RESPONSES; refused in production): the status is declared by the operation (exactly or as a class such
 * as 4XX) and a JSON body matches its schema. The success schemas are generated from the handlers' return types, so
 * a type that says `number` where PostgreSQL hands back a string, or a field a handler forgets, fails the test that
 * made the call: the answer becomes a 500 RESPONSE_NOT_AS_DECLARED naming the problem. Every medium test is a
 * contract test, at the cost of one schema check per answer (an interpreter: schema-check.ts).
 *
 * Installed before the routes: fastify gives a route the hooks registered before it.
 */
export function installResponseValidation(fastify: FastifyInstance, logger: Logger): void {
  const operations = new Map<string, Record<string, ResponseObject>>();
  for (const op of Object.values(GENERATED.operations))
    operations.set(`${op.method} ${op.path}`, declaredResponses(op));
  const components = { ...GENERATED.components, ErrorBody: ERROR_BODY };

  function problemOf(responses: Record<string, ResponseObject>, status: number, type: string, payload: unknown) {
    const declared = responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`];
    if (!declared) return `status ${status} is not declared`;
    // Buffers and streams (files, pre-encoded documents) are not read here; neither are empty bodies.
    if (!declared.content || typeof payload !== 'string' || payload === '') return null;
    const schema = declared.content[type]?.schema;
    if (!schema) return `content type ${type} is not declared for ${status}`;
    if (type !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return 'the body is not JSON';
    }
    return schemaProblem(body, schema, components);
  }

  fastify.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return payload;
    const path = route.replace(/:(\w+)/g, '{$1}');
    const responses = operations.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${path}`);
    if (!responses) return payload;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    const problem = problemOf(responses, reply.statusCode, type, payload);
    if (!problem) return payload;
    const where = `${request.method} ${path} ${reply.statusCode}`;
    logger.error({ route: where, problem }, 'answer not as declared');
    void reply.code(500).header('content-type', 'application/json; charset=utf-8').removeHeader('content-encoding');
    return JSON.stringify({ error: 'RESPONSE_NOT_AS_DECLARED', message: `${where}: ${problem}` });
  });
}
