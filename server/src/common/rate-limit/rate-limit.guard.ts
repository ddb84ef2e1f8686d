import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy, type RateLimitSubject } from './rate-limit.policies';
import { type RateLimitCounter, RateLimitService } from './rate-limit.service';
import { counterKey, subjectOf } from './rate-limit.counters';

function subjectKey(subject: RateLimitSubject, request: FastifyRequest): string | undefined {
  if (subject === 'ip') return subjectOf.ip(request.ip);
  if (subject === 'visitor') return request.visitorId ? subjectOf.visitor(request.visitorId) : undefined;
  const custom = subject(request);
  return custom === undefined ? undefined : `k:${custom}`;
}

/** Refuses a call over any of its route's limits with 429 and Retry-After (see @RateLimit). */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policies = this.reflector.getAllAndMerge<RateLimitPolicy[]>(RATE_LIMIT_POLICIES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policies?.length) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const counters: RateLimitCounter[] = [];
    for (const policy of policies) {
      if (policy.when && !policy.when(request)) continue;
      for (const rule of policy.rules) {
        const subject = subjectKey(rule.by, request);
        if (subject === undefined) continue;
        counters.push({
          key: counterKey(policy.name, rule.windowSeconds, subject),
          limit: rule.limit,
          windowSeconds: rule.windowSeconds,
          lease: policy.lease,
        });
      }
    }
    const verdict = await this.limits.consume(counters);
    if (verdict.allowed) return true;
    void context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(verdict.retryAfterSeconds));
    throw new AppError('TOO_MANY_REQUESTS', { retryAfter: verdict.retryAfterSeconds });
  }
}
