/**
 * Lua shared by every seat script (prepended to each one; Redis caches each
 * script by SHA, so repeating the prelude costs nothing at run time).
 *
 * State encoding in the per-presentation hash `st` (absent field = available):
 *   's'                              sold (from PostgreSQL / markSold)
 *   'b'                              blocked (never sellable here)
 *   'h'                              held back (hold orders; status 3 only in hold mode)
 *   'l|<owner>|<lockedAtMs>|<ext>'   locked by <owner> (visitor uuid); ext 1 once extended for payment
 * A lock's expiry lives in the ZSET `exp` (score = expiry in ms, Redis clock).
 *
 * Every state change goes through `commit`, which bumps the presentation's
 * version ONCE for the whole script, appends the change to the bounded stream
 * `log` (entry id = "<version>-0") and publishes it, all inside the same atomic
 * script: a reader either sees the change with its version or neither.
 */
export const PRELUDE = `
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

local function fmt(n)
  return string.format('%d', n)
end

-- 'sectionId:x:y' -> sectionId, x, y (numbers)
local function parse_key(sk)
  local s, x, y = string.match(sk, '^(%d+):(%-?%d+):(%-?%d+)$')
  return tonumber(s), tonumber(x), tonumber(y)
end

local function lock_owner(v)
  if v and string.sub(v, 1, 2) == 'l|' then
    return string.match(v, '^l|([^|]+)|')
  end
  return nil
end

-- A channel with a hash tag is a Redis Cluster slot channel (seat-keys.ts): SPUBLISH keeps the message on the shard
-- that owns the slot; on one Redis the global channel gets a plain PUBLISH.
local function publish(channel, message)
  if string.find(channel, '{', 1, true) then
    redis.call('SPUBLISH', channel, message)
  else
    redis.call('PUBLISH', channel, message)
  end
end

-- changes: list of 'seatKey=letter' ('a' available, 'l' locked, 's' sold, 'b' blocked, 'h' held)
local function commit(ver_key, log_key, channel, pid, changes, log_max)
  local v = redis.call('INCR', ver_key)
  local vs = fmt(v)
  local payload = table.concat(changes, ';')
  redis.call('XADD', log_key, 'MAXLEN', '~', log_max, vs .. '-0', 'c', payload)
  publish(channel, pid .. ' ' .. vs .. ' ' .. payload)
  return v
end

-- Redis Cluster: a script may touch only keys given in KEYS. The owner sets and GA free lists a script
-- needs are passed after its fixed keys (the store learns them first when they depend on the state); a name
-- built here is used only if the caller declared it.
local declared_keys = nil
local function declared(name)
  if not declared_keys then
    declared_keys = {}
    for _, k in ipairs(KEYS) do declared_keys[k] = true end
  end
  return declared_keys[name] == true
end

-- Releases one lock (caller checked it is a lock). Keeps every index in step. Returns false, changing
-- nothing, when the owner's set or the section's GA free list was not declared (the caller skips the seat).
local function release_lock(st, exp, taken, base, sk, owner, ga)
  local own = base .. 'own:' .. owner
  local sid, x = parse_key(sk)
  local free = nil
  if ga and redis.call('HEXISTS', ga, sid) == 1 then free = base .. 'gafree:' .. sid end
  if not declared(own) or (free and not declared(free)) then return false end
  redis.call('HDEL', st, sk)
  redis.call('ZREM', exp, sk)
  redis.call('SREM', own, sk)
  redis.call('HINCRBY', taken, sid, -1)
  if free then
    -- A general-admission place goes back on its section's free list.
    redis.call('RPUSH', free, x)
  else
    redis.call('HINCRBY', taken, '_r', -1)
  end
  return true
end

-- HOLD_CAP_CHECK: the per-address hold cap (SEAT_HOLD_CAP_PER_IP, docs/seat-engine.md "Seats held per address"),
-- checked by the lock scripts in the same atomic step as the lock, so parallel identities from one address cannot
-- all pass a "held < cap" test. hold: ZSET seat key -> its lock's expiry (ms). Expired entries are dropped here
-- (the sweep need not know the set); seats the address already lists (to_lock_keys) are not counted twice.
-- Returns nil when adding \`adding\` seats fits, else the refusal with the ms until the earliest entry expires.
local function hold_cap_refusal(hold, cap, to_lock_keys, adding)
  local now = now_ms()
  redis.call('ZREMRANGEBYSCORE', hold, '-inf', now)
  for _, sk in ipairs(to_lock_keys) do
    if redis.call('ZSCORE', hold, sk) then adding = adding - 1 end
  end
  if redis.call('ZCARD', hold) + adding <= cap then return nil end
  local first = redis.call('ZRANGE', hold, 0, 0, 'WITHSCORES')
  local wait = 1000
  if first[2] then wait = math.max(1000, tonumber(first[2]) - now) end
  return {'ERR', 'SEAT_HOLD_CAP', fmt(wait)}
end
`;
