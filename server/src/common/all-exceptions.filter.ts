import { type ArgumentsHost, Catch, type ExceptionFilter, Inject, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { DependencyAlarm, RETRY_AFTER_SECONDS, classifyDependencyFailure } from './dependency-failure';
import { AppError } from './app-error';
import { toErrorResponse } from './error-responder';
import { pathOnly } from './log-redaction';
import { resolveLocale } from './locale';
import { LOGGER } from './logger';
import { SpaFallback } from './spa-fallback';
import { classifyTransientConflict } from './transient-conflict';

/** A transaction that lost a race is worth trying again almost at once (it held nothing after its rollback). */
const CONFLICT_RETRY_AFTER_SECONDS = 1;

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly spa: SpaFallback,
    private readonly alarm: DependencyAlarm,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    this.respond(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** The one error answer: also what plain routes (common/plain-route.ts) answer with. */
  respond(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    // Unknown non-API GETs are client routes: the storefront decides what to show.
    if (exception instanceof NotFoundException && this.spa.handles(request)) {
      this.spa.send(request, reply);
      return;
    }
    const locale = resolveLocale(request.query, request.headers['accept-language']);
    // A route that exists under other methods: 405 with the methods it has (RFC 9110), not "not found".
    const allowed = exception instanceof NotFoundException ? methodsOf(request) : [];
    if (allowed.length) {
      const refusal = toErrorResponse(new AppError('METHOD_NOT_ALLOWED'), locale);
      void reply
        .status(405)
        .header('allow', allowed.join(', '))
        .header('content-type', 'application/json; charset=utf-8')
        .send(refusal.body);
      return;
    }
    // Redis or PostgreSQL down, frozen or timing out: 503 + Retry-After and one log line per
    // window (docs/failure-modes.md), never a 500 with a stack trace per request.
    const dependency = classifyDependencyFailure(exception);
    if (dependency) this.alarm.report(dependency, `${request.method} ${request.routeOptions?.url ?? ''}`, exception);
    // A transaction PostgreSQL rolled back for a deadlock, a serialization failure or a lock it could not get (left
    // after any retries of its own): nothing was done, so a 503 the client may retry, never a 500 (decision 048).
    const conflict = dependency ? null : classifyTransientConflict(exception);
    if (conflict) {
      this.logger.warn(
        { err: exception, conflict, url: pathOnly(request.url), method: request.method },
        'transient database conflict: answered 503',
      );
    }
    const unavailable = dependency !== null || conflict !== null;
    const response = toErrorResponse(unavailable ? new AppError('SERVICE_UNAVAILABLE') : exception, locale);
    if (response.status === 503)
      void reply.header('retry-after', String(conflict ? CONFLICT_RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS));
    // Every 429 that knows when the client may try again says so (login codes, resends, hold caps).
    const wait = response.status === 429 && exception instanceof AppError ? retryAfterOf(exception) : undefined;
    if (wait !== undefined) void reply.header('retry-after', String(wait));
    if (response.unexpected) {
      this.logger.error({ err: exception, url: pathOnly(request.url), method: request.method }, 'unexpected error');
    }
    void reply.status(response.status).header('content-type', 'application/json; charset=utf-8').send(response.body);
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods the request's path answers to, when its own is not one of them; [] for a path nobody serves. */
function methodsOf(request: FastifyRequest): string[] {
  const url = request.url.split('?')[0] ?? '';
  if (!url.startsWith('/api/')) return [];
  return METHODS.filter((method) => method !== request.method && request.server.findRoute({ method, url }) !== null);
}

function retryAfterOf(error: AppError): number | undefined {
  const seconds = error.params.retryAfter ?? error.params.seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}
