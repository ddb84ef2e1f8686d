import { PRELUDE } from './prelude';

/**
 * Which presentations have a lock due now (Redis clock), from the global index
 * `due` (presentation id -> earliest lock expiry). Read-only.
 *
 * KEYS: 1 due
 * ARGV: 1 limit
 * Returns {nowMs, pid1, pid2, ...}
 */
export const DUE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local out = {now}
for _, pid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))) do
  out[#out + 1] = pid
end
return out
`;

/**
 * Read-only, before a release (Redis Cluster: a script may touch only the keys it is given): the owners and
 * sections of the locks RELEASE_EXPIRED_LUA would release now, or of the given seat keys, so the store can
 * declare those owners' sets and sections' GA free lists.
 *
 * KEYS: 1 st, 2 exp
 * ARGV: 1 mode ('expired' with 2 limit | 'keys' with 2.. seat keys)
 * Returns {nOwners, owner..., sectionId...}
 */
export const SWEEP_PLAN_LUA = `${PRELUDE}
local seats
if ARGV[1] == 'expired' then
  seats = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now_ms(), 'LIMIT', 0, tonumber(ARGV[2]))
else
  seats = {}
  for i = 2, #ARGV do seats[#seats + 1] = ARGV[i] end
end
local owners, sections, seen_o, seen_s = {}, {}, {}, {}
for _, sk in ipairs(seats) do
  local owner = lock_owner(redis.call('HGET', KEYS[1], sk))
  if owner and not seen_o[owner] then seen_o[owner] = true; owners[#owners + 1] = owner end
  local sid = parse_key(sk)
  if sid and not seen_s[sid] then seen_s[sid] = true; sections[#sections + 1] = sid end
end
local out = {#owners}
for _, o in ipairs(owners) do out[#out + 1] = o end
for _, s in ipairs(sections) do out[#out + 1] = s end
return out
`;

/**
 * Releases the expired locks of one presentation (up to `limit` per call) and
 * pushes the release to watchers like any other change. Atomic, and it re-reads
 * the expiry ZSET itself, so when two nodes sweep the same presentation at once
 * the second finds nothing left to release: never a double release.
 * Then it moves the presentation's entry in `due` to its next expiry (or drops it).
 *
 * KEYS: 1 st, 2 exp, 3 ver, 4 log, 5 taken, 6 due, 7 ga, then the owners' sets and GA free lists that
 *       SWEEP_PLAN_LUA named (a lock whose keys were not declared is left for the next round)
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 base, 5 limit, 6 holds-ended channel
 * Returns {released, version or 0, moreDue (0|1)}
 */
export const RELEASE_EXPIRED_LUA = `${PRELUDE}
local st, exp = KEYS[1], KEYS[2]
local now = now_ms()
local changes = {}
local ended, owners = {}, {}
for _, sk in ipairs(redis.call('ZRANGEBYSCORE', exp, '-inf', now, 'LIMIT', 0, tonumber(ARGV[5]))) do
  local owner = lock_owner(redis.call('HGET', st, sk))
  if owner then
    if release_lock(st, exp, KEYS[5], ARGV[4], sk, owner, KEYS[7]) then
      changes[#changes + 1] = sk .. '=a'
      if not ended[owner] then ended[owner] = {}; owners[#owners + 1] = owner end
      table.insert(ended[owner], sk)
    end
  else
    redis.call('ZREM', exp, sk)
  end
end
local v = 0
if #changes > 0 then v = commit(KEYS[3], KEYS[4], ARGV[2], ARGV[1], changes, ARGV[3]) end
-- Each owner whose hold ended is told on its own channel ("<pid> <owner> <key,key...>"): the seats gateway
-- sends it to that visitor's sockets only (docs/order-changes.md, "Hold ended").
if ARGV[6] then
  for _, owner in ipairs(owners) do
    redis.call('PUBLISH', ARGV[6], ARGV[1] .. ' ' .. owner .. ' ' .. table.concat(ended[owner], ','))
  end
end
local first = redis.call('ZRANGE', exp, 0, 0, 'WITHSCORES')
local more = 0
if first[2] then
  redis.call('ZADD', KEYS[6], tonumber(first[2]), ARGV[1])
  if tonumber(first[2]) <= now then more = 1 end
else
  redis.call('ZREM', KEYS[6], ARGV[1])
end
return {#changes, v, more}
`;
