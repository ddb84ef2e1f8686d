import { type ArgumentsHost, Catch, type ExceptionFilter, Inject, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { toErrorResponse } from './error-responder';
import { pathOnly } from './log-redaction';
import { resolveLocale } from './locale';
import { LOGGER } from './logger';
import { SpaFallback } from './spa-fallback';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly spa: SpaFallback,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // Unknown non-API GETs are client routes: the storefront decides what to show.
    if (exception instanceof NotFoundException && this.spa.handles(request)) {
      this.spa.send(request, reply);
      return;
    }
    const locale = resolveLocale(request.query, request.headers['accept-language']);
    const response = toErrorResponse(exception, locale);
    if (response.unexpected) {
      this.logger.error({ err: exception, url: pathOnly(request.url), method: request.method }, 'unexpected error');
    }
    void reply.status(response.status).header('content-type', 'application/json; charset=utf-8').send(response.body);
  }
}
