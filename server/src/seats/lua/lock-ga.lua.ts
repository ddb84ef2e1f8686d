import { PRELUDE } from './prelude';

/**
 * Locks `count` places in a general-admission section. The server picks the
 * places (x = place index 1..capacity, y = 0): first from the section's free
 * list (places released earlier), then by advancing the section's cursor, so a
 * pick is O(1) however large the section. Capacity is checked against the
 * section's taken counter (locked + sold places) in the same atomic step.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 due, 8 own, 9 ga (sid -> capacity),
 *       10 ganext (sid -> cursor), 11 gafree list of this section,
 *       12 (optional) hold: the client address's ZSET of held seats, capped at ARGV[10] (HOLD_CAP_CHECK in the prelude)
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 owner, 5 ttlMs, 6 maxSeats, 7 ownerSetTtlSeconds, 8 sectionId, 9 count,
 *       10 (with KEYS[12]) the address's cap
 * Returns {'NOINIT'} | {'ERR', code, detail} | {'OK', version, earliestExpiryMs, nowMs, place1, place2, ...}
 */
export const LOCK_GA_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, exp, taken = KEYS[2], KEYS[3], KEYS[6]
local pid, owner, sid = ARGV[1], ARGV[4], ARGV[8]
local ttl, max_seats, count = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[9])
local capacity = redis.call('HGET', KEYS[9], sid)
if not capacity then return {'ERR', 'SECTION_NOT_FOUND', ''} end
capacity = tonumber(capacity)
if redis.call('SCARD', KEYS[8]) + count > max_seats then
  return {'ERR', 'MAX_SEATS_EXCEEDED', fmt(max_seats)}
end
local taken_s = tonumber(redis.call('HGET', taken, sid) or '0')
if taken_s + count > capacity then return {'ERR', 'NO_SEATS_LEFT_GA', ''} end
local hold = KEYS[12]
if hold then
  -- The places are picked below, so all count as new (a stale entry of one of them only errs on the strict side).
  local refused = hold_cap_refusal(hold, tonumber(ARGV[10]), {}, count)
  if refused then return refused end
end

local now = now_ms()
local expires = now + ttl
local value = 'l|' .. owner .. '|' .. fmt(now) .. '|0'
local changes, places, popped, advanced = {}, {}, {}, 0
-- Pick first, write after: if the counters ever disagreed with the places we
-- can still put everything back and refuse without a half-done lock.
while #places < count do
  local p = redis.call('LPOP', KEYS[11])
  if p then
    popped[#popped + 1] = p
  else
    p = redis.call('HINCRBY', KEYS[10], sid, 1)
    advanced = advanced + 1
    if p > capacity then
      redis.call('HINCRBY', KEYS[10], sid, -advanced)
      for i = #popped, 1, -1 do redis.call('LPUSH', KEYS[11], popped[i]) end
      return {'ERR', 'NO_SEATS_LEFT_GA', 'cursor'}
    end
  end
  if redis.call('HEXISTS', st, sid .. ':' .. p .. ':0') == 0 then places[#places + 1] = tonumber(p) end
end
for _, p in ipairs(places) do
  local sk = sid .. ':' .. p .. ':0'
  redis.call('HSET', st, sk, value)
  redis.call('ZADD', exp, expires, sk)
  redis.call('SADD', KEYS[8], sk)
  redis.call('HINCRBY', taken, sid, 1)
  if hold then redis.call('ZADD', hold, expires, sk) end
  changes[#changes + 1] = sk .. '=l'
end
redis.call('EXPIRE', KEYS[8], tonumber(ARGV[7]))
if hold then redis.call('PEXPIRE', hold, ttl) end
redis.call('ZADD', KEYS[7], 'LT', expires, pid)
local v = commit(KEYS[4], KEYS[5], ARGV[2], pid, changes, ARGV[3])
local best = nil
for _, m in ipairs(redis.call('SMEMBERS', KEYS[8])) do
  local s = redis.call('ZSCORE', exp, m)
  if s then s = tonumber(s); if not best or s < best then best = s end end
end
local out = {'OK', v, best or expires, now}
for _, p in ipairs(places) do out[#out + 1] = p end
return out
`;
