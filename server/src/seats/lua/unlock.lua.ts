import { PRELUDE } from './prelude';

/**
 * Releases seats the owner holds, all or nothing: if any of them is locked by
 * someone else (or sold/blocked), nothing changes and NOT_LOCK_OWNER is returned.
 * Seats that are already free are skipped, so a repeated unlock is harmless.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 ga, then the owner's set and the GA free list of every
 *       section of the seat keys (the prelude's release_lock looks them up)
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 owner, 5 base (key prefix of the presentation), 6 n, seat keys,
 *       then (optional) the client address's hold set (declared in KEYS too): the released seats leave it
 * Returns {'NOINIT'} | {'ERR', code, seatKey} | {'OK', version, released}
 */
export const UNLOCK_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st = KEYS[2]
local owner, base = ARGV[4], ARGV[5]
local n = tonumber(ARGV[6])
local hold = ARGV[7 + n]
if hold and not declared(hold) then hold = nil end
local mine = {}
for i = 1, n do
  local sk = ARGV[6 + i]
  local v = redis.call('HGET', st, sk)
  if v then
    if lock_owner(v) ~= owner then return {'ERR', 'NOT_LOCK_OWNER', sk} end
    mine[#mine + 1] = sk
  end
end
if #mine == 0 then return {'OK', tonumber(redis.call('GET', KEYS[4]) or '0'), 0} end
local changes = {}
for _, sk in ipairs(mine) do
  if release_lock(st, KEYS[3], KEYS[6], base, sk, owner, KEYS[7]) then
    changes[#changes + 1] = sk .. '=a'
    if hold then redis.call('ZREM', hold, sk) end
  end
end
if #changes == 0 then return {'OK', tonumber(redis.call('GET', KEYS[4]) or '0'), 0} end
local v = commit(KEYS[4], KEYS[5], ARGV[2], ARGV[1], changes, ARGV[3])
return {'OK', v, #changes}
`;
