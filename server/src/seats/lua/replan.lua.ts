import { PRELUDE } from './prelude';

/**
 * A presentation moved to another version of its plan (catalogue administration): every entry of the live state
 * re-keyed to the new version's seat keys in ONE atomic step, so a seat sold, held, blocked or locked stays so on the
 * new map, and a lock keeps its owner, expiry and payment claim. The caller maps every occupied seat (the move was
 * refused otherwise); a sold seat or a lock found here without a new key (taken after the caller looked) refuses the
 * whole call with SEAT_MISSING and that key, changing nothing. Blocks without a new key are dropped (nobody owns them).
 * The counters and standing areas' free lists are rebuilt from the re-keyed state, the change log is cut (its deltas
 * name old keys) and a '*' tells every node to reload (as initialise does).
 * The per-address hold sets are not re-keyed (their keys only count an address's seats toward its cap, and leave them
 * at the lock's expiry).
 * Recovery (a move whose process died between this switch and PostgreSQL's commit, catalogue-admin's
 * seat-plan-move recovery) re-keys the state to the version PostgreSQL holds, with `recover`: an entry the map does
 * not name keeps its key (it is on that version already, or was taken since the caller read the state), one mapped
 * to '' is dropped (the version has no such place; PostgreSQL, the truth, gives back what was sold through the
 * reconciler), nothing is refused. An entry that keeps its key wins over one brought to the same key.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 ga, 8 ganext, 9 pay, then nOldGa old free lists, nNewGa new
 *       free lists, nOwn owner sets (every owner with a lock: OWNER_UNDECLARED otherwise, the caller reads again)
 * ARGV: 1 pid, 2 channel, 3 base, 4 nMap, (oldKey, newKey) x nMap, nNewGa, (sectionId, capacity) x nNewGa, nOldGa, nOwn,
 *       recover ('1': unnamed entries keep their key, those mapped to '' are dropped)
 * Returns {'NOINIT'} | {'ERR', code, detail} | {'OK', version, entries}
 */
export const REPLAN_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, exp, taken, ga, ganext, pay = KEYS[2], KEYS[3], KEYS[6], KEYS[7], KEYS[8], KEYS[9]
local base = ARGV[3]
local idx = 4
local n_map = tonumber(ARGV[idx]); idx = idx + 1
local map = {}
for i = 1, n_map do map[ARGV[idx]] = ARGV[idx + 1]; idx = idx + 2 end
local n_new_ga = tonumber(ARGV[idx]); idx = idx + 1
local new_ga = {}
local new_ga_order = {}
for i = 1, n_new_ga do
  new_ga[ARGV[idx]] = ARGV[idx + 1]
  new_ga_order[i] = ARGV[idx]
  idx = idx + 2
end
local n_old_ga = tonumber(ARGV[idx]); idx = idx + 1
local n_own = tonumber(ARGV[idx])
local recover = ARGV[idx + 1] == '1'
local function target(k)
  local m = map[k]
  if m == nil then
    if recover then return k end
    return nil
  end
  if m == '' then return nil end
  return m
end

local all = redis.call('HGETALL', st)
for i = 1, #all, 2 do
  local sk, v = all[i], all[i + 1]
  local owner = lock_owner(v)
  if not target(sk) then
    if (v == 's' or owner) and not recover then return {'ERR', 'SEAT_MISSING', sk} end
  elseif owner and not declared(base .. 'own:' .. owner) then
    return {'ERR', 'OWNER_UNDECLARED', owner}
  end
end

redis.call('DEL', st, taken)
local kept = 0
local top = {}
-- The entries that keep their key first, then those brought across (each only where the key is still free): won
-- names the entries written, whose expiry, payment claim and owner go with them.
local won = {}
local order = {}
for i = 1, #all, 2 do if target(all[i]) == all[i] then order[#order + 1] = i end end
for i = 1, #all, 2 do
  local nk = target(all[i])
  if nk and nk ~= all[i] then order[#order + 1] = i end
end
for _, i in ipairs(order) do
  local nk = target(all[i])
  if redis.call('HSETNX', st, nk, all[i + 1]) == 1 then
    won[all[i]] = true
    kept = kept + 1
    local sid, x = parse_key(nk)
    local s = tostring(sid)
    redis.call('HINCRBY', taken, s, 1)
    if new_ga[s] then
      if not top[s] or x > top[s] then top[s] = x end
    else
      redis.call('HINCRBY', taken, '_r', 1)
    end
  end
end

local function rekey_zset(key)
  local members = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
  redis.call('DEL', key)
  for i = 1, #members, 2 do
    local nk = target(members[i])
    if nk and won[members[i]] then redis.call('ZADD', key, members[i + 1], nk) end
  end
end
rekey_zset(exp)

local claims = redis.call('HGETALL', pay)
redis.call('DEL', pay)
for i = 1, #claims, 2 do
  local nk = target(claims[i])
  if nk and won[claims[i]] then redis.call('HSET', pay, nk, claims[i + 1]) end
end

local first_own = 10 + n_old_ga + n_new_ga
for i = first_own, first_own + n_own - 1 do
  local own = KEYS[i]
  local ttl = redis.call('PTTL', own)
  local members = redis.call('SMEMBERS', own)
  redis.call('DEL', own)
  for _, m in ipairs(members) do
    if won[m] then redis.call('SADD', own, target(m)) end
  end
  if ttl > 0 and redis.call('EXISTS', own) == 1 then redis.call('PEXPIRE', own, ttl) end
end

for i = 10, 9 + n_old_ga do redis.call('DEL', KEYS[i]) end
redis.call('DEL', ga, ganext)
for i, s in ipairs(new_ga_order) do
  local free = KEYS[9 + n_old_ga + i]
  redis.call('DEL', free)
  redis.call('HSET', ga, s, new_ga[s])
  local t = top[s] or 0
  redis.call('HSET', ganext, s, t)
  for p = 1, t do
    if redis.call('HEXISTS', st, s .. ':' .. p .. ':0') == 0 then redis.call('RPUSH', free, p) end
  end
end

-- A new history: the log's deltas name the old keys. The version only grows, so no client takes an old delta.
local t = redis.call('TIME')
local v = math.max(tonumber(redis.call('GET', KEYS[4]) or '0') + 1, tonumber(t[1]) * 1000000 + tonumber(t[2]))
local vs = string.format('%d', v)
redis.call('DEL', KEYS[5])
redis.call('SET', KEYS[4], vs)
publish(ARGV[2], ARGV[1] .. ' ' .. vs .. ' *')
return {'OK', v, kept}
`;
