import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { validateDeclaredInputs } from '../common/validation';
import { BotCheck } from './bot-check.port';
import { LoadScaledWork } from './load-scaled-work';

/** The solved ALTCHA payload, wherever the spec's call carries it (query for GETs, body for PUT/POST). */
function tokenOf(request: FastifyRequest): unknown {
  const fromBody = (request.body as Record<string, unknown> | undefined)?.recaptchaToken;
  if (fromBody !== undefined) return fromBody;
  return (request.query as Record<string, unknown> | undefined)?.recaptchaToken;
}

/** Which presentation a call loads (its bot check gets harder when that presentation is busy). */
export type PresentationOf = (request: FastifyRequest) => number | undefined;

const PRESENTATION_OF = Symbol('BOT_CHECK_PRESENTATION_OF');

/**
 * Runs before the handler: the request's declared schemas first (400), then the proof of
 * work (403 INVALID_CAPTCHA), then, on routes that name a presentation, whether the proof
 * carries the work that presentation's load asks for. Either way the call is refused before
 * it changes anything. LoadScaledWork is optional: the seat tests replace the whole bot-check
 * module with a double that has none.
 */
@Injectable()
export class BotCheckGuard implements CanActivate {
  constructor(
    private readonly botCheck: BotCheck,
    private readonly reflector: Reflector,
    @Optional() private readonly work?: LoadScaledWork,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Bad input is a 400 whatever the token: the proof of work is only checked on a call that could run.
    validateDeclaredInputs(context.getHandler(), request);
    const token = tokenOf(request);
    await this.botCheck.verify(token, request.visitorId);
    const presentationOf = this.reflector.get<PresentationOf | undefined>(PRESENTATION_OF, context.getHandler());
    const presentationId = presentationOf?.(request);
    if (this.work && presentationId !== undefined) await this.work.require(token, request.visitorId, presentationId);
    return true;
  }
}

/**
 * The route needs a solved bot check (`recaptchaToken` in its query or body); see docs/bot-check.md.
 * `presentationOf` names the presentation the call loads: the check then costs more when it is busy.
 */
export function RequireBotCheck(options: { presentationOf?: PresentationOf } = {}) {
  return applyDecorators(
    SetMetadata(PRESENTATION_OF, options.presentationOf),
    UseGuards(BotCheckGuard),
    ApiResponse({ status: 403, description: 'INVALID_CAPTCHA: solve a fresh challenge from /api/altcha/challenge' }),
  );
}

/** A positive integer id read from an already validated body or query value. */
export function idFrom(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}
