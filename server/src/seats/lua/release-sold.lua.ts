import { PRELUDE } from './prelude';

/**
 * How long a released seat is protected from a stale "PostgreSQL says sold" repair (reconcile.lua.ts).
 * Longer than any PostgreSQL read may take (query_timeout 9 s), so a repair based on a read made before
 * the cancellation committed can never land after its release.
 */
export const RELEASE_GRACE_MS = 30_000;

/**
 * Sold -> available, for tickets cancelled in PostgreSQL (the durable truth,
 * committed first). Only seats that are sold ('s') change; anything else is
 * skipped, so a repeated call (recovery after a crash) is harmless and a seat
 * someone already locked again is never touched. A general-admission place goes
 * back on its section's free list. One version bump and one published change for
 * the whole call, like every other transition, so every watcher sees it.
 *
 * Each released seat is also noted in the presentation's 'released' sorted set (scored by Redis time,
 * kept for RELEASE_GRACE_MS): a lock or the periodic reconciliation that read PostgreSQL just before the
 * cancellation committed would otherwise mark the seat sold again, and nothing would ever free it.
 *
 * KEYS: 1 init, 2 st, 3 ver, 4 log, 5 taken, 6 ga, 7 released, then the GA free list of every section of the
 *       seat keys
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 base, 5 n, seat keys
 * Returns {'NOINIT'} | {'OK', version, released}
 */
export const RELEASE_SOLD_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, base = KEYS[2], ARGV[4]
local n = tonumber(ARGV[5])
local changes = {}
local released, now = KEYS[7], now_ms()
for i = 1, n do
  local sk = ARGV[5 + i]
  redis.call('ZADD', released, now, sk)
  local sid, x = parse_key(sk)
  local free = redis.call('HEXISTS', KEYS[6], sid) == 1 and (base .. 'gafree:' .. sid)
  if redis.call('HGET', st, sk) == 's' and (not free or declared(free)) then
    redis.call('HDEL', st, sk)
    redis.call('HINCRBY', KEYS[5], sid, -1)
    if free then
      redis.call('RPUSH', free, x)
    else
      redis.call('HINCRBY', KEYS[5], '_r', -1)
    end
    changes[#changes + 1] = sk .. '=a'
  end
end
redis.call('ZREMRANGEBYSCORE', released, '-inf', now - ${RELEASE_GRACE_MS})
redis.call('PEXPIRE', released, ${RELEASE_GRACE_MS})
if #changes == 0 then return {'OK', tonumber(redis.call('GET', KEYS[3]) or '0'), 0} end
local v = commit(KEYS[3], KEYS[4], ARGV[2], ARGV[1], changes, ARGV[3])
return {'OK', v, #changes}
`;
