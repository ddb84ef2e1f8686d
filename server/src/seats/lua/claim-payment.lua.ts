import { EXTEND_BODY } from './extend.lua';
import { PRELUDE } from './prelude';

/**
 * Payment is starting for one cart: its seats are claimed for that cart, then every lock of the owner gets its one
 * extension (extend.lua.ts). One visitor's seats can be in two carts at once (two tabs, a phone and a laptop); only
 * one of them may reach the card. The claim lives in the hash `pay` (seat key -> 'owner|cart|untilMs'); a live claim
 * by the same owner for ANOTHER cart refuses the whole claim, changing nothing. A claim by another owner is stale by
 * construction (that owner's lock is gone, or this cart could not have been quoted) and is overwritten. No seat
 * changes status: the version is not bumped and watchers see nothing.
 *
 * KEYS: 1 st, 2 exp, 3 own, 4 pay
 * ARGV: 1 owner, 2 extensionMs, 3 hardCapMs, 4 cart, 5 claimMs, 6.. seat keys
 * Returns {'BUSY', seatKey} or {nowMs, earliestExpiryMs or -1, extendedCount, lockCount}
 */
export const CLAIM_PAYMENT_LUA = `${PRELUDE}
local st, exp, pay = KEYS[1], KEYS[2], KEYS[4]
local owner, cart = ARGV[1], ARGV[4]
local ext, cap, claim_ms = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[5])
local now = now_ms()
for i = 6, #ARGV do
  local c = redis.call('HGET', pay, ARGV[i])
  if c then
    local o, other, until_ms = string.match(c, '^([^|]+)|([^|]+)|(%d+)$')
    if o == owner and other ~= cart and tonumber(until_ms) > now then return {'BUSY', ARGV[i]} end
  end
end
if #ARGV >= 6 then
  local claim = owner .. '|' .. cart .. '|' .. fmt(now + claim_ms)
  for i = 6, #ARGV do redis.call('HSET', pay, ARGV[i], claim) end
  -- The hash outlives its longest claim, then goes by itself (never shortened: a claim may last less than another).
  if redis.call('PTTL', pay) < claim_ms then redis.call('PEXPIRE', pay, claim_ms) end
end
${EXTEND_BODY}
`;

/**
 * The cart will not be paid (refused, declined, sold): its claims go, so the owner's other tab may pay at once.
 * Only this owner's claims for this cart are removed.
 *
 * KEYS: 1 pay
 * ARGV: 1 owner, 2 cart, 3.. seat keys
 * Returns the number of claims removed.
 */
export const RELEASE_PAYMENT_CLAIM_LUA = `
local prefix = ARGV[1] .. '|' .. ARGV[2] .. '|'
local removed = 0
for i = 3, #ARGV do
  local c = redis.call('HGET', KEYS[1], ARGV[i])
  if c and string.sub(c, 1, #prefix) == prefix then
    redis.call('HDEL', KEYS[1], ARGV[i])
    removed = removed + 1
  end
end
return removed
`;
