import { PRELUDE } from './prelude';

/**
 * Lock -> sold, owner-checked, all or nothing. Called after the sale is committed
 * to PostgreSQL (the durable truth). A seat that is already sold is accepted as a
 * no-op so a retried call after a crash is harmless; any other state refuses.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 own
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 owner, 5 n, seat keys
 * Returns {'NOINIT'} | {'ERR', 'NOT_LOCK_OWNER', seatKey} | {'OK', version, sold}
 */
export const SOLD_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st = KEYS[2]
local owner = ARGV[4]
local n = tonumber(ARGV[5])
local mine = {}
for i = 1, n do
  local sk = ARGV[5 + i]
  local v = redis.call('HGET', st, sk)
  if v ~= 's' then
    if lock_owner(v) ~= owner then return {'ERR', 'NOT_LOCK_OWNER', sk} end
    mine[#mine + 1] = sk
  end
end
if #mine == 0 then return {'OK', tonumber(redis.call('GET', KEYS[4]) or '0'), 0} end
local changes = {}
for i, sk in ipairs(mine) do
  redis.call('HSET', st, sk, 's')
  redis.call('ZREM', KEYS[3], sk)
  redis.call('SREM', KEYS[6], sk)
  changes[i] = sk .. '=s'
end
local v = commit(KEYS[4], KEYS[5], ARGV[2], ARGV[1], changes, ARGV[3])
return {'OK', v, #mine}
`;
