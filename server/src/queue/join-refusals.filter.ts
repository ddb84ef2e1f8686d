import { type ArgumentsHost, Catch, type ExceptionFilter, Injectable, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from '../common/all-exceptions.filter';
import { AppError } from '../common/app-error';
import { RefusalTally } from '../observability';
import { OnSales } from './on-sales';

const PRESENTATION_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A refused join of an on-sale's line (the rate limit, the bot check, an ill-formed call) counted in the control
 * room's refusals (`queue`, reason: the refusal's code in lower case: `too_many_requests`, `invalid_captcha`…), then
 * answered the one way every error is (the app's filter). A filter sees every refusal however it is thrown. Only a presentation with a queue is counted, so an id typed into the URL never
 * makes a Redis key; a 5xx is not a refusal (the dependency alarm and the HTTP metrics have it).
 */
@Catch()
@Injectable()
export class JoinRefusals implements ExceptionFilter {
  private errors?: AllExceptionsFilter;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly onSales: OnSales,
    @Optional() private readonly refusals?: RefusalTally,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const id = (request.params as { presentationId?: unknown } | undefined)?.presentationId;
    if (
      exception instanceof AppError &&
      exception.status < 500 &&
      typeof id === 'string' &&
      PRESENTATION_ID.test(id) &&
      this.onSales.queued(Number(id))
    )
      this.refusals?.count(Number(id), 'queue', exception.code.toLowerCase());
    this.errors ??= this.moduleRef.get<AllExceptionsFilter>(AllExceptionsFilter, { strict: false });
    this.errors.catch(exception, host);
  }
}
