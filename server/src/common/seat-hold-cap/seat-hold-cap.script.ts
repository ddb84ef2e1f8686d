/**
 * Reserves room for `n` seats under one address's cap on one presentation, atomically,
 * so 13 identities locking in parallel cannot all pass a "count < cap" check at once.
 *
 * KEYS[1]  sorted set of the address's holds on the presentation: member -> expiry (ms)
 * ARGV     now (ms), cap, n, provisional member prefix, expiry of the provisional members (ms)
 *
 * Answers { 1, 0 } with n provisional members added, or { 0, msUntilTheEarliestHoldExpires }.
 */
export const SEAT_HOLD_RESERVE_LUA = `
local now = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
local n = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held + n > cap then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = 1000
  if first[2] then wait = math.max(1000, tonumber(first[2]) - now) end
  return {0, wait}
end
for i = 1, n do
  redis.call('ZADD', KEYS[1], tonumber(ARGV[5]), ARGV[4] .. i)
end
redis.call('PEXPIREAT', KEYS[1], math.max(tonumber(ARGV[5]), tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])))
return {1, 0}
`;
