/**
 * The owner's earliest lock expiry in one presentation, with the Redis clock's
 * "now" read in the same step so the remaining time is exact whatever the node's clock.
 *
 * KEYS: 1 exp, 2 own
 * Returns {nowMs, earliestExpiryMs or -1, lockCount}
 */
export const TIMER_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local best, count = nil, 0
for _, sk in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local s = redis.call('ZSCORE', KEYS[1], sk)
  if s then
    count = count + 1
    s = tonumber(s)
    if not best or s < best then best = s end
  end
end
return {now, best or -1, count}
`;
