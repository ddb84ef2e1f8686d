import { type CanActivate, type ExecutionContext, Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { validateDeclaredInputs } from '../common/validation';
import { BotCheck } from './bot-check.port';

/** The solved ALTCHA payload, wherever the spec's call carries it (query for GETs, body for PUT/POST). */
function tokenOf(request: FastifyRequest): unknown {
  const fromBody = (request.body as Record<string, unknown> | undefined)?.recaptchaToken;
  if (fromBody !== undefined) return fromBody;
  return (request.query as Record<string, unknown> | undefined)?.recaptchaToken;
}

/**
 * Runs before the handler: the request's declared schemas first (400), then the proof of
 * work (403 INVALID_CAPTCHA). Either way the call is refused before it changes anything.
 */
@Injectable()
export class BotCheckGuard implements CanActivate {
  constructor(private readonly botCheck: BotCheck) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Bad input is a 400 whatever the token: the proof of work is only checked on a call that could run.
    validateDeclaredInputs(context.getHandler(), request);
    await this.botCheck.verify(tokenOf(request), request.visitorId);
    return true;
  }
}

/** The route needs a solved bot check (`recaptchaToken` in its query or body); see docs/bot-check.md. */
export function RequireBotCheck() {
  return applyDecorators(
    UseGuards(BotCheckGuard),
    ApiResponse({ status: 403, description: 'INVALID_CAPTCHA: solve a fresh challenge from /api/altcha/challenge' }),
  );
}
