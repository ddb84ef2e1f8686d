import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { toErrorResponse } from './error-responder';
import { resolveLocale } from './locale';

/** Where a bad string was found, for the error text; never the string itself. */
type TextProblem = { where: string; what: 'NUL character' | 'lone surrogate' };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(value: string): TextProblem['what'] | null {
  if (value.includes('\u0000')) return 'NUL character';
  if (LONE_SURROGATE.test(value)) return 'lone surrogate';
  return null;
}

/**
 * Walks any parsed input (query, params, JSON body) without recursion, so a deeply
 * nested body cannot overflow the stack, and reports the first string (value or key)
 * PostgreSQL or a UTF-8 encoder would reject: a NUL character or a lone UTF-16 surrogate.
 */
export function findBadText(input: unknown, root: string): TextProblem | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: root }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const what = badText(value);
      if (what) return { where: path, what };
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]` }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const what = badText(key);
        if (what) return { where: path, what };
        stack.push({ value: item, path: `${path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * The edge check every route gets once: text that no column, Redis key or log line
 * can hold is a 400 INVALID_TEXT before any handler runs (so it changes nothing).
 */
export function installTextGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem =
      findBadText(request.params, 'params') ?? findBadText(request.query, 'query') ?? findBadText(request.body, 'body');
    if (!problem) return;
    const response = toErrorResponse(
      new AppError('INVALID_TEXT', { details: `${problem.where}: ${problem.what}` }),
      resolveLocale(request.query, request.headers['accept-language']),
    );
    return reply.status(response.status).send(response.body);
  });
}
