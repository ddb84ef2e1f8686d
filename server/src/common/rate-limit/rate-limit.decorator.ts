import { SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { RateLimitGuard } from './rate-limit.guard';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from './rate-limit.policies';

/**
 * Limits a route (or every route of a controller): over the limit the call is refused
 * with 429, `Retry-After` and `{ error: 'TOO_MANY_REQUESTS', message }`, before the
 * handler runs, so a refused call changes nothing.
 *
 *   @RateLimit(RATE_LIMITS.commit)
 *   @RateLimit({ name: 'otp-send', rules: [{ by: 'ip', limit: 5, windowSeconds: 600 },
 *                                        { by: (req) => phoneOf(req), limit: 3, windowSeconds: 600 }] })
 *
 * Several policies may be given; a call must fit in all of them.
 */
export function RateLimit(...policies: RateLimitPolicy[]) {
  return applyDecorators(
    SetMetadata(RATE_LIMIT_POLICIES, policies),
    UseGuards(RateLimitGuard),
    ApiResponse({ status: 429, description: 'Too many requests: see the Retry-After header' }),
  );
}
