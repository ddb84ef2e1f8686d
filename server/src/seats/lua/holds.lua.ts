/**
 * Read-only views of one visitor's holds, for other contexts (the cart and the
 * commit check which seats a buyer still holds). Read in one script so "now" is
 * the Redis clock the engine expires locks by: a lock past its expiry that the
 * sweeper has not released yet counts as expired. Nothing here writes.
 *
 * HOLDS  KEYS: 1 st, 2 exp   ARGV: 1 owner, seat keys
 *        Returns one code per seat: 0 free, 1 mine, 2 mine but expired, 3 sold, 4 someone else's, 5 blocked/held
 * OWNED  KEYS: 1 st, 2 exp, 3 own   ARGV: 1 owner
 *        Returns the owner's seat keys whose lock has not expired.
 */
export const HOLDS_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local owner = ARGV[1]
local out = {}
for i = 2, #ARGV do
  local sk = ARGV[i]
  local v = redis.call('HGET', KEYS[1], sk)
  local code = 0
  if v == 's' then code = 3
  elseif v and string.sub(v, 1, 2) == 'l|' then
    if string.match(v, '^l|([^|]+)|') == owner then
      local score = redis.call('ZSCORE', KEYS[2], sk)
      if score and tonumber(score) > now then code = 1 else code = 2 end
    else code = 4 end
  elseif v then code = 5 end
  out[#out + 1] = code
end
return out
`;

export const OWNED_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local owner = ARGV[1]
local out = {}
for _, sk in ipairs(redis.call('SMEMBERS', KEYS[3])) do
  local v = redis.call('HGET', KEYS[1], sk)
  if v and string.sub(v, 1, 2) == 'l|' and string.match(v, '^l|([^|]+)|') == owner then
    local score = redis.call('ZSCORE', KEYS[2], sk)
    if score and tonumber(score) > now then out[#out + 1] = sk end
  end
end
return out
`;
