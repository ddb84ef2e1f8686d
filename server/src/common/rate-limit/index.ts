export { RateLimit } from './rate-limit.decorator';
export { RATE_LIMITS } from './rate-limit.policies';
