import { PRELUDE } from './prelude';

/** The extension itself, once `st`, `exp`, `owner`, `ext` and `cap` are set (shared with claim-payment.lua.ts). */
export const EXTEND_BODY = `
local now = now_ms()
local best, extended, count = nil, 0, 0
for _, sk in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  local v = redis.call('HGET', st, sk)
  local score = redis.call('ZSCORE', exp, sk)
  if v and score and lock_owner(v) == owner then
    score = tonumber(score)
    local o, locked_at, flag = string.match(v, '^l|([^|]+)|(%d+)|(%d)$')
    if flag == '0' and score > now then
      local target = math.min(score + ext, tonumber(locked_at) + cap)
      if target > score then
        redis.call('ZADD', exp, 'XX', target, sk)
        score = target
      end
      redis.call('HSET', st, sk, 'l|' .. o .. '|' .. locked_at .. '|1')
      extended = extended + 1
    end
    count = count + 1
    if not best or score < best then best = score end
  end
end
return {now, best or -1, extended, count}
`;

/**
 * Extends every lock of one owner once, when payment starts: new expiry =
 * min(expiry + extension, lockedAt + hard cap). A lock already extended keeps its
 * expiry, so calling this twice never extends twice. No seat changes status, so
 * the version is not bumped and watchers see nothing.
 *
 * KEYS: 1 st, 2 exp, 3 own
 * ARGV: 1 owner, 2 extensionMs, 3 hardCapMs
 * Returns {nowMs, earliestExpiryMs or -1, extendedCount, lockCount}
 */
export const EXTEND_LUA = `${PRELUDE}
local st, exp = KEYS[1], KEYS[2]
local owner = ARGV[1]
local ext, cap = tonumber(ARGV[2]), tonumber(ARGV[3])
${EXTEND_BODY}`;
