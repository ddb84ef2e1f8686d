/**
 * The fixed-window check as a Lua function, for RATE_LIMIT_LUA and for a script of another context that counts its
 * call in the same round trip as its own work (the waiting room's join, queue/lua/join.lua.ts).
 *
 * keys     the counters (a Lua list)
 * args     windowMs_1, limit_1, windowMs_2, limit_2, ... (strings or numbers, from index 1)
 *
 * If any counter would go over its limit, nothing is counted and it answers the ms until the fullest window resets;
 * otherwise every counter is incremented by `cost` (its window starts on the first hit) and it answers 0. Refused
 * calls are not counted, so a client that waits Retry-After seconds always gets in.
 */
export const RATE_LIMIT_LUA_FUNCTION = `
local function rate_limit(keys, args, cost)
  local wait = 0
  for i = 1, #keys do
    local used = tonumber(redis.call('GET', keys[i]) or '0')
    if used + cost > tonumber(args[2 * i]) then
      local ttl = redis.call('PTTL', keys[i])
      if ttl < 0 then ttl = tonumber(args[2 * i - 1]) end
      if ttl > wait then wait = ttl end
    end
  end
  if wait > 0 then return wait end
  for i = 1, #keys do
    local used = redis.call('INCRBY', keys[i], cost)
    if used == cost then redis.call('PEXPIRE', keys[i], tonumber(args[2 * i - 1])) end
  end
  return 0
end
`;

/**
 * One Lua script for every rate limit: fixed windows, several counters checked and counted atomically (e.g. per
 * visitor AND per IP), shared by all nodes (RATE_LIMIT_LUA_FUNCTION).
 *
 * KEYS[i]  the counter of rule i
 * ARGV     windowMs_1, limit_1, windowMs_2, limit_2, ... then cost
 *
 * Answers { 0, msUntilTheFullestWindowResets } when refused (nothing counted), else { 1, 0 }.
 */
export const RATE_LIMIT_LUA = `${RATE_LIMIT_LUA_FUNCTION}
local wait = rate_limit(KEYS, ARGV, tonumber(ARGV[2 * #KEYS + 1]))
if wait > 0 then return {0, wait} end
return {1, 0}
`;

/**
 * The same fixed windows, claimed in advance: a node asks for up to `want` calls of every counter at once and spends
 * them without a round trip (RateLimitService.consume with a lease). The call itself needs one call of each.
 *
 * KEYS[i]  the counter of rule i
 * ARGV     windowMs_1, limit_1, windowMs_2, limit_2, ... then want
 *
 * If any counter has no room left, nothing is claimed and the answer is { 0, msUntilTheFullestWindowResets };
 * otherwise each counter grants min(want, room) and the answer is { 1, 0, grant_1, msLeft_1, grant_2, msLeft_2, ... }.
 * A claimed call counts whether or not the node spends it, so a lease only ever errs on the strict side.
 */
export const RATE_LIMIT_LEASE_LUA = `
local n = #KEYS
local want = tonumber(ARGV[2 * n + 1])
local grants = {}
local wait = 0
for i = 1, n do
  local room = tonumber(ARGV[2 * i]) - tonumber(redis.call('GET', KEYS[i]) or '0')
  if room < 1 then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = tonumber(ARGV[2 * i - 1]) end
    if ttl > wait then wait = ttl end
  end
  grants[i] = math.min(want, room)
end
if wait > 0 then return {0, wait} end
local reply = {1, 0}
for i = 1, n do
  local used = redis.call('INCRBY', KEYS[i], grants[i])
  if used == grants[i] then redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 * i - 1])) end
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then ttl = tonumber(ARGV[2 * i - 1]) end
  reply[#reply + 1] = grants[i]
  reply[#reply + 1] = ttl
end
return reply
`;
