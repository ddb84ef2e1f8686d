import { PRELUDE } from './prelude';

/**
 * Back-office state changes of reserved seats: block ('b'), hold back ('h'), or
 * free again ('a', only from 'b'/'h'). All or nothing: a locked or sold seat
 * refuses the whole call with SEAT_NOT_AVAILABLE.
 *
 * KEYS: 1 init, 2 st, 3 ver, 4 log, 5 taken
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 letter, 5 n, seat keys
 * Returns {'NOINIT'} | {'ERR', code, seatKey} | {'OK', version, changed}
 */
export const ADMIN_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, letter = KEYS[2], ARGV[4]
local n = tonumber(ARGV[5])
local todo = {}
for i = 1, n do
  local sk = ARGV[5 + i]
  local v = redis.call('HGET', st, sk)
  if letter == 'a' then
    if v == 'b' or v == 'h' then todo[#todo + 1] = sk
    elseif v then return {'ERR', 'SEAT_NOT_AVAILABLE', sk} end
  else
    if not v or ((v == 'b' or v == 'h') and v ~= letter) then todo[#todo + 1] = sk
    elseif v ~= letter then return {'ERR', 'SEAT_NOT_AVAILABLE', sk} end
  end
end
if #todo == 0 then return {'OK', tonumber(redis.call('GET', KEYS[3]) or '0'), 0} end
local changes = {}
for i, sk in ipairs(todo) do
  local was = redis.call('HGET', st, sk)
  local sid = parse_key(sk)
  if letter == 'a' then
    redis.call('HDEL', st, sk)
    redis.call('HINCRBY', KEYS[5], sid, -1)
    redis.call('HINCRBY', KEYS[5], '_r', -1)
  else
    redis.call('HSET', st, sk, letter)
    if not was then
      redis.call('HINCRBY', KEYS[5], sid, 1)
      redis.call('HINCRBY', KEYS[5], '_r', 1)
    end
  end
  changes[i] = sk .. '=' .. letter
end
local v = commit(KEYS[3], KEYS[4], ARGV[2], ARGV[1], changes, ARGV[3])
return {'OK', v, #todo}
`;
