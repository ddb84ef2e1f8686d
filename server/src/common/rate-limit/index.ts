export { RateLimit } from './rate-limit.decorator';
export { RateLimitGuard } from './rate-limit.guard';
export { RateLimitModule } from './rate-limit.module';
export { RATE_LIMITS, type RateLimitPolicy, type RateLimitRule, type RateLimitSubject } from './rate-limit.policies';
export { RateLimitService, type RateLimitCounter, type RateLimitVerdict } from './rate-limit.service';
