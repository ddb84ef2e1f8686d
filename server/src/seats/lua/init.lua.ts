/**
 * Initialises one presentation's live state from PostgreSQL data, once: if the
 * `init` marker exists it does nothing (so any number of nodes may race to
 * initialise after a FLUSHALL; exactly one wins and the rest see EXISTS).
 *
 * The new version starts at the Redis clock in microseconds, so it is larger
 * than any version of the state that was lost: a client still holding an old
 * version can never be handed a delta from the new history by mistake. A '*'
 * message tells every node to reload its mirror and send snapshots.
 *
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 ga, 8 ganext, 9 due, 9 + i the GA free list of GA section i
 * ARGV: 1 pid, 2 channel, 3 base, 4 nGa, (sectionId, capacity) x nGa, then nSold, sold seat keys
 * Returns {'EXISTS', version} | {'INIT', version}
 */
export const INIT_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return {'EXISTS', tonumber(redis.call('GET', KEYS[4]) or '0')}
end
local base = ARGV[3]
redis.call('DEL', KEYS[2], KEYS[3], KEYS[5], KEYS[6], KEYS[7], KEYS[8])
redis.call('ZREM', KEYS[9], ARGV[1])
local idx = 4
local n_ga = tonumber(ARGV[idx]); idx = idx + 1
local ga, max_place, free_list = {}, {}, {}
for i = 1, n_ga do
  local sid, cap = ARGV[idx], ARGV[idx + 1]; idx = idx + 2
  ga[sid] = true
  max_place[sid] = 0
  redis.call('HSET', KEYS[7], sid, cap)
  free_list[sid] = KEYS[9 + i]
  redis.call('DEL', KEYS[9 + i])
end
local n_sold = tonumber(ARGV[idx]); idx = idx + 1
for i = 1, n_sold do
  local sk = ARGV[idx]; idx = idx + 1
  if redis.call('HSETNX', KEYS[2], sk, 's') == 1 then
    local sid, x = string.match(sk, '^(%d+):(%-?%d+):')
    redis.call('HINCRBY', KEYS[6], sid, 1)
    if ga[sid] then
      if tonumber(x) > max_place[sid] then max_place[sid] = tonumber(x) end
    else
      redis.call('HINCRBY', KEYS[6], '_r', 1)
    end
  end
end
for sid, top in pairs(max_place) do
  redis.call('HSET', KEYS[8], sid, top)
  for p = 1, top do
    if redis.call('HEXISTS', KEYS[2], sid .. ':' .. p .. ':0') == 0 then
      redis.call('RPUSH', free_list[sid], p)
    end
  end
end
local t = redis.call('TIME')
local v = tonumber(t[1]) * 1000000 + tonumber(t[2])
local vs = string.format('%d', v)
redis.call('SET', KEYS[4], vs)
redis.call('SET', KEYS[1], vs)
-- A slot channel (hash tag) on a Redis Cluster: SPUBLISH, as the prelude's publish does.
local cmd = string.find(ARGV[2], '{', 1, true) and 'SPUBLISH' or 'PUBLISH'
redis.call(cmd, ARGV[2], ARGV[1] .. ' ' .. vs .. ' *')
return {'INIT', v}
`;
