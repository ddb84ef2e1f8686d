/**
 * One Lua script for every rate limit: fixed windows, several counters checked
 * and counted atomically (e.g. per visitor AND per IP), shared by all nodes.
 *
 * KEYS[i]  the counter of rule i
 * ARGV     windowMs_1, limit_1, windowMs_2, limit_2, ... then cost
 *
 * If any counter would go over its limit, nothing is counted and the answer is
 * { 0, msUntilTheFullestWindowResets }; otherwise every counter is incremented
 * (its window starts on the first hit) and the answer is { 1, 0 }. Refused calls
 * are not counted, so a client that waits Retry-After seconds always gets in.
 */
export const RATE_LIMIT_LUA = `
local n = #KEYS
local cost = tonumber(ARGV[2 * n + 1])
local wait = 0
for i = 1, n do
  local limit = tonumber(ARGV[2 * i])
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used + cost > limit then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = tonumber(ARGV[2 * i - 1]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return {0, wait} end
for i = 1, n do
  local used = redis.call('INCRBY', KEYS[i], cost)
  if used == cost then redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 * i - 1])) end
end
return {1, 0}
`;
