import { ALTCHA_BIND_LUA_FUNCTION } from '../../botcheck';
import { RATE_LIMIT_LUA_FUNCTION } from '../../common/rate-limit';
import { AFTER_START_BASE } from '../queue-keys';

/**
 * Join (or re-join) a presentation's line, in one step so a visitor holds at most one place.
 * KEYS: line, seq, seen, active, removed
 * ARGV: visitor, now (ms), sale start (ms), pre-queue draw (integer below 2^40), demo line (0 = a real on-sale)
 * With a demo line a newcomer after the start first finds the line topped up with synthetic
 * `demo:<n>` entries to at least that length, so the demo shows a real wait; they take arrival numbers like anyone
 * and leave at the admission rate (admit.lua.ts), so nobody real is ever put behind one that arrived later.
 * Answers { 'admitted', until, 0, removed, length } or { 'line', rank, created (0|1), removed, length }.
 */
const JOIN_FUNCTION = `
local function queue_join(k, a)
  local visitor = a[1]
  local now = tonumber(a[2])
  local removed = tonumber(redis.call('GET', k[5]) or '0')
  local admittedUntil = tonumber(redis.call('ZSCORE', k[4], visitor) or '0')
  if admittedUntil > now then return {'admitted', tostring(admittedUntil), 0, removed, redis.call('ZCARD', k[1])} end
  local created = 0
  if not redis.call('ZSCORE', k[1], visitor) then
    local score
    if now < tonumber(a[3]) then
      score = a[4]
    else
      local demo = tonumber(a[5] or '0')
      for _ = redis.call('ZCARD', k[1]) + 1, demo do
        local n = redis.call('INCR', k[2])
        redis.call('ZADD', k[1], tostring(${AFTER_START_BASE} + n), 'demo:' .. n)
      end
      score = tostring(${AFTER_START_BASE} + redis.call('INCR', k[2]))
    end
    redis.call('ZADD', k[1], score, visitor)
    created = 1
  end
  redis.call('HSET', k[3], visitor, a[2])
  return {'line', redis.call('ZRANK', k[1], visitor), created, removed, redis.call('ZCARD', k[1])}
end
`;

/** The join alone (the tests' and the benchmark's way in; KEYS and ARGV as above). */
export const JOIN_LUA = `${JOIN_FUNCTION}
return queue_join(KEYS, ARGV)
`;

/**
 * A join through the API, in one round trip: the route's rate limit counted (common/rate-limit), the proof of work
 * bound to this visitor (botcheck: ALTCHA_BIND_LUA_FUNCTION), then the join above. Every key is in the line's
 * cluster slot: the counters and the binding carry the presentation's hash tag (queue.service.ts).
 * KEYS: line, seq, seen, active, removed, binding, counter per visitor, counter per address
 * ARGV: visitor, now, sale start, draw, demo line (as above), binding ttl (s), fresh ('1' | '0': an expired
 *   challenge only finds its binding), window ms and limit of the visitor's counter, then of the address's
 * Answers { 'limited', ms until a call fits } (nothing counted, nothing joined), { 'unproven' } (counted: the
 * solution is another visitor's, or expired and never this visitor's), or what JOIN_LUA answers.
 */
export const JOIN_GATED_LUA = `${RATE_LIMIT_LUA_FUNCTION}${ALTCHA_BIND_LUA_FUNCTION}${JOIN_FUNCTION}
local wait = rate_limit({KEYS[7], KEYS[8]}, {ARGV[8], ARGV[9], ARGV[10], ARGV[11]}, 1)
if wait > 0 then return {'limited', wait} end
if not altcha_bind(KEYS[6], ARGV[1], ARGV[6], ARGV[7]) then return {'unproven'} end
return queue_join(KEYS, ARGV)
`;
