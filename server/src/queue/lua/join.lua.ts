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
export const JOIN_LUA = `
local visitor = ARGV[1]
local now = tonumber(ARGV[2])
local removed = tonumber(redis.call('GET', KEYS[5]) or '0')
local admittedUntil = tonumber(redis.call('ZSCORE', KEYS[4], visitor) or '0')
if admittedUntil > now then return {'admitted', tostring(admittedUntil), 0, removed, redis.call('ZCARD', KEYS[1])} end
local created = 0
if not redis.call('ZSCORE', KEYS[1], visitor) then
  local score
  if now < tonumber(ARGV[3]) then
    score = ARGV[4]
  else
    local demo = tonumber(ARGV[5] or '0')
    for _ = redis.call('ZCARD', KEYS[1]) + 1, demo do
      local n = redis.call('INCR', KEYS[2])
      redis.call('ZADD', KEYS[1], tostring(${AFTER_START_BASE} + n), 'demo:' .. n)
    end
    score = tostring(${AFTER_START_BASE} + redis.call('INCR', KEYS[2]))
  end
  redis.call('ZADD', KEYS[1], score, visitor)
  created = 1
end
redis.call('HSET', KEYS[3], visitor, ARGV[2])
return {'line', redis.call('ZRANK', KEYS[1], visitor), created, removed, redis.call('ZCARD', KEYS[1])}
`;
