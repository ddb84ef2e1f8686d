import { PRELUDE } from './prelude';

/**
 * Season enrolment and series memberships: ONE seat on EACH of several presentations for one owner,
 * all or nothing, in one atomic script (never a loop of single locks). Every presentation keeps its own keys,
 * version, log and published change, exactly as the single `lock` script writes them; only the all-or-nothing
 * decision spans them. The keys of different presentations live in different hash slots: fine on the single
 * Redis this deployment runs (docs/memberships.md says what a cluster would need).
 * The row rules of the public map (single-seat blocking, no single-seat gap) are not applied: a fixed season seat
 * is the house's offer, like a box-office block. Availability and the owner's max seats are.
 *
 * KEYS: 1 due (global on one Redis; on a cluster the store calls it per presentation with its slot's due), then per presentation i (7 each, from 2 + 7(i-1)): init, st, exp, ver, log, taken, own
 * ARGV: 1 channel, 2 logMax, 3 owner, 4 ttlMs, 5 maxSeats, 6 ownerSetTtlSeconds, 7 n, then per presentation: pid, seat key
 * Returns {'NOINIT', pid} | {'ERR', code, pid} | {'OK', nowMs, expiresMs, newlyLocked, v1, ..., vn}
 */
export const LOCK_ACROSS_LUA = `${PRELUDE}
local channel, log_max, owner = ARGV[1], ARGV[2], ARGV[3]
local ttl, max_seats, own_ttl = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local n = tonumber(ARGV[7])
local todo = {}
for i = 1, n do
  local k = 1 + (i - 1) * 7
  local pid, sk = ARGV[6 + i * 2], ARGV[7 + i * 2]
  if redis.call('EXISTS', KEYS[k + 1]) == 0 then return {'NOINIT', pid} end
  local v = redis.call('HGET', KEYS[k + 2], sk)
  if v then
    if lock_owner(v) ~= owner then return {'ERR', 'SEAT_NOT_AVAILABLE', pid} end
  else
    if redis.call('SCARD', KEYS[k + 7]) + 1 > max_seats then return {'ERR', 'MAX_SEATS_EXCEEDED', pid} end
    todo[#todo + 1] = i
  end
end
local now = now_ms()
local expires = now + ttl
local value = 'l|' .. owner .. '|' .. fmt(now) .. '|0'
local locked = {}
for _, i in ipairs(todo) do
  local k = 1 + (i - 1) * 7
  local pid, sk = ARGV[6 + i * 2], ARGV[7 + i * 2]
  redis.call('HSET', KEYS[k + 2], sk, value)
  redis.call('ZADD', KEYS[k + 3], expires, sk)
  redis.call('SADD', KEYS[k + 7], sk)
  redis.call('EXPIRE', KEYS[k + 7], own_ttl)
  local sid = parse_key(sk)
  redis.call('HINCRBY', KEYS[k + 6], sid, 1)
  redis.call('HINCRBY', KEYS[k + 6], '_r', 1)
  redis.call('ZADD', KEYS[1], 'LT', expires, pid)
  locked[i] = commit(KEYS[k + 4], KEYS[k + 5], channel, pid, {sk .. '=l'}, log_max)
end
local out = {'OK', now, expires, #todo}
for i = 1, n do
  local k = 1 + (i - 1) * 7
  out[#out + 1] = locked[i] or tonumber(redis.call('GET', KEYS[k + 4]) or '0')
end
return out
`;

/**
 * The reverse: the owner's seat on each presentation is released, all or nothing (NOT_LOCK_OWNER when any of
 * them is someone else's or sold); seats already free are skipped. Each presentation that changed gets its own
 * version bump and published change.
 *
 * KEYS: per presentation i (9 each, from 1 + 9(i-1)): init, st, exp, ver, log, taken, ga, the owner's set, the GA
 *       free list of the seat's section (the last two for the prelude's release_lock)
 * ARGV: 1 channel, 2 logMax, 3 owner, 4 n, then per presentation: pid, seat key, key base
 * Returns {'NOINIT', pid} | {'ERR', code, pid} | {'OK', released}
 */
export const UNLOCK_ACROSS_LUA = `${PRELUDE}
local channel, log_max, owner = ARGV[1], ARGV[2], ARGV[3]
local n = tonumber(ARGV[4])
local todo = {}
for i = 1, n do
  local k = (i - 1) * 9
  local pid, sk = ARGV[2 + i * 3], ARGV[3 + i * 3]
  if redis.call('EXISTS', KEYS[k + 1]) == 0 then return {'NOINIT', pid} end
  local v = redis.call('HGET', KEYS[k + 2], sk)
  if v then
    if lock_owner(v) ~= owner then return {'ERR', 'NOT_LOCK_OWNER', pid} end
    todo[#todo + 1] = i
  end
end
local released = 0
for _, i in ipairs(todo) do
  local k = (i - 1) * 9
  local pid, sk, base = ARGV[2 + i * 3], ARGV[3 + i * 3], ARGV[4 + i * 3]
  if release_lock(KEYS[k + 2], KEYS[k + 3], KEYS[k + 6], base, sk, owner, KEYS[k + 7]) then
    commit(KEYS[k + 4], KEYS[k + 5], channel, pid, {sk .. '=a'}, log_max)
    released = released + 1
  end
end
return {'OK', released}
`;
