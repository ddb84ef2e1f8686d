import { PRELUDE } from './prelude';
import { RELEASE_GRACE_MS } from './release-sold.lua';

/**
 * PostgreSQL wins: every seat it has a live ticket for becomes 's' here, whatever
 * Redis thought (available, somebody's lock, blocked, held back). Used by the
 * periodic reconciliation and by the lock path when PostgreSQL says a seat Redis
 * offered is sold. Idempotent: seats already sold are skipped, and nothing is
 * written (no version, no publish) when nothing changed.
 *
 * Counters stay in step: a lock or a blocked/held seat was already counted taken;
 * an available one is counted now (in `_r` too unless it is a GA place). A GA
 * place the cursor has not reached, or one on the free list, is skipped by
 * lock-ga because the place now exists in `st`.
 *
 * A seat released by a cancellation in the last RELEASE_GRACE_MS is left alone: the PostgreSQL read
 * behind this repair may predate the cancellation's commit (a lock's sold check or a reconciliation
 * pass in flight while the ticket was cancelled), and applying it would take a free seat off sale for
 * good. If the seat really was sold again since, its own sale marked it sold, and the lock path still
 * refuses it on PostgreSQL's word; a later pass repairs Redis once the grace is over.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 ga, 8 released, then the sets of the owners whose locks
 *       the seats are (SWEEP_PLAN_LUA; a seat whose owner's set was not declared is left for the next pass)
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 base, 5 n, seat keys
 * Returns {'NOINIT'} | {'OK', version, changed}
 */
export const RECONCILE_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, exp, taken, base = KEYS[2], KEYS[3], KEYS[6], ARGV[4]
local n = tonumber(ARGV[5])
local changes = {}
local released, now = KEYS[8], now_ms()
for i = 1, n do
  local sk = ARGV[5 + i]
  local v = redis.call('HGET', st, sk)
  local freed = tonumber(redis.call('ZSCORE', released, sk) or '-1')
  if v ~= 's' and not (freed >= 0 and now - freed < ${RELEASE_GRACE_MS}) then
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
    end
  end
end
if #changes == 0 then return {'OK', tonumber(redis.call('GET', KEYS[4]) or '0'), 0} end
local v = commit(KEYS[4], KEYS[5], ARGV[2], ARGV[1], changes, ARGV[3])
return {'OK', v, #changes}
`;
