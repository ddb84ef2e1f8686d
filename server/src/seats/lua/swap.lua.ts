import { PRELUDE } from './prelude';
import { RELEASE_GRACE_MS } from './release-sold.lua';

/**
 * A seat swap of an existing order (docs/order-changes.md), applied AFTER PostgreSQL committed it (the
 * durable truth): in ONE atomic step the new seats become sold and the old seats become available, with
 * one version bump and one published change, so every watcher sees both seats change in the same delta.
 *
 * New seats: the swapper's lock becomes 's'; a seat that is free (the lock ran out meanwhile: a recovery
 * run) is counted taken and becomes 's'; somebody else's lock is taken over (PostgreSQL already sold the
 * seat to this order, so that lock could never be bought); already 's' is a no-op (retry-safe).
 * Old seats: 's' -> available (GA places back on the free list) and noted in `released` like a
 * cancellation, so a stale "PostgreSQL says sold" repair cannot put them back off sale; anything else is
 * skipped. The caller passes disjoint lists and only old seats PostgreSQL no longer sells.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 ga, 8 released, then the sets of the owners holding new
 *       seats (SWEEP_PLAN_LUA) and the GA free lists of the old seats' sections
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 base, 5 nNew, new keys..., nOld, old keys...
 * Returns {'NOINIT'} | {'OK', version, sold, released}
 */
export const SWAP_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, exp, taken, base = KEYS[2], KEYS[3], KEYS[6], ARGV[4]
local nNew = tonumber(ARGV[5])
local nOld = tonumber(ARGV[6 + nNew])
local changes = {}
local sold, freed = 0, 0
for i = 1, nNew do
  local sk = ARGV[5 + i]
  local v = redis.call('HGET', st, sk)
  if v ~= 's' then
    local owner = lock_owner(v)
    local own = owner and (base .. 'own:' .. owner)
    if not own or declared(own) then
      if own then
        redis.call('ZREM', exp, sk)
        redis.call('SREM', own, sk)
      elseif not v then
        local sid = parse_key(sk)
        redis.call('HINCRBY', taken, sid, 1)
        if redis.call('HEXISTS', KEYS[7], sid) == 0 then redis.call('HINCRBY', taken, '_r', 1) end
      end
      redis.call('HSET', st, sk, 's')
      changes[#changes + 1] = sk .. '=s'
      sold = sold + 1
    end
  end
end
local released, now = KEYS[8], now_ms()
for i = 1, nOld do
  local sk = ARGV[6 + nNew + i]
  redis.call('ZADD', released, now, sk)
  local sid, x = parse_key(sk)
  local free = redis.call('HEXISTS', KEYS[7], sid) == 1 and (base .. 'gafree:' .. sid)
  if redis.call('HGET', st, sk) == 's' and (not free or declared(free)) then
    redis.call('HDEL', st, sk)
    redis.call('HINCRBY', taken, sid, -1)
    if free then
      redis.call('RPUSH', free, x)
    else
      redis.call('HINCRBY', taken, '_r', -1)
    end
    changes[#changes + 1] = sk .. '=a'
    freed = freed + 1
  end
end
if nOld > 0 then
  redis.call('ZREMRANGEBYSCORE', released, '-inf', now - ${RELEASE_GRACE_MS})
  redis.call('PEXPIRE', released, ${RELEASE_GRACE_MS})
end
if #changes == 0 then return {'OK', tonumber(redis.call('GET', KEYS[4]) or '0'), 0, 0} end
local v = commit(KEYS[4], KEYS[5], ARGV[2], ARGV[1], changes, ARGV[3])
return {'OK', v, sold, freed}
`;
