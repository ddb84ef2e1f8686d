export { RateLimit } from './rate-limit.decorator';
export { RATE_LIMITS } from './rate-limit.policies';
export { RateLimitService, type RateLimitCounter } from './rate-limit.service';
export { RATE_LIMIT_LUA_FUNCTION } from './rate-limit.script';
export { subjectCounters, type SubjectRule } from './rate-limit.counters';
