/**
 * The one admission decision, shared by every node (docs/waiting-room.md, "Admission").
 * A token bucket in Redis: credit grows by rate x elapsed since the last run (whichever node ran
 * it), capped at `burst`; each admission spends one. Because the credit and its clock live here and
 * the script is atomic, two nodes running it every second admit the rate once, never twice.
 * Visitors not seen within the abandon window are dropped at the head without spending credit.
 * A demo line's synthetic `demo:<n>` entries (join.lua.ts) spend credit like a shopper, so the line moves at the
 * rate, but take no room in the shop: they are counted in `removed` and in nothing else.
 * KEYS: line, seen, active, removed, bucket, admitted
 * ARGV: now, sale start, per minute, max active, shopping window (ms), abandon (ms), burst, max pops
 * Answers { admitted now, removed, line length, dropped now, the admitted visitors in order, passes expired now }.
 */
export const ADMIT_LUA = `
local now = tonumber(ARGV[1])
local starts = tonumber(ARGV[2])
if now < starts then
  return {0, tonumber(redis.call('GET', KEYS[4]) or '0'), redis.call('ZCARD', KEYS[1]), 0, {}, 0}
end
local expired = redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local b = redis.call('HMGET', KEYS[5], 'credit', 'last')
local credit = tonumber(b[1] or '0')
local last = tonumber(b[2] or ARGV[2])
if now > last then
  credit = credit + (now - last) * tonumber(ARGV[3]) / 60000
  last = now
end
local burst = tonumber(ARGV[7])
if credit > burst then credit = burst end
local room = tonumber(ARGV[4]) - redis.call('ZCARD', KEYS[3])
local admittedUntil = now + tonumber(ARGV[5])
local stale = now - tonumber(ARGV[6])
local pops = tonumber(ARGV[8])
local admitted = 0
local admittedIds = {}
local dropped = 0
local simulated = 0
while credit >= 1 and room > 0 and pops > 0 do
  local head = redis.call('ZPOPMIN', KEYS[1])
  if #head == 0 then break end
  pops = pops - 1
  local visitor = head[1]
  local seen = tonumber(redis.call('HGET', KEYS[2], visitor) or '0')
  redis.call('HDEL', KEYS[2], visitor)
  if string.sub(visitor, 1, 5) == 'demo:' then
    credit = credit - 1
    simulated = simulated + 1
  elseif seen >= stale then
    redis.call('ZADD', KEYS[3], admittedUntil, visitor)
    credit = credit - 1
    room = room - 1
    admitted = admitted + 1
    admittedIds[admitted] = visitor
  else
    dropped = dropped + 1
  end
end
local removed = redis.call('INCRBY', KEYS[4], admitted + dropped + simulated)
if admitted > 0 then redis.call('INCRBY', KEYS[6], admitted) end
redis.call('HSET', KEYS[5], 'credit', string.format('%.17g', credit), 'last', string.format('%d', last))
return {admitted, removed, redis.call('ZCARD', KEYS[1]), dropped, admittedIds, expired}
`;
