import { PRELUDE } from './prelude';

/**
 * Locks one or more reserved seats for one owner, all or nothing: a single seat,
 * a couch/bed group, or a best-available block. Every rule that depends on the
 * live state is checked here, inside the same atomic step as the write, so two
 * concurrent requests can never both pass a check that only one of them may pass:
 *   - availability (already mine = no-op, so retries are idempotent);
 *   - max seats per order, counting the owner's set;
 *   - seating policy 3: a target that is a blocked single seat is not sellable;
 *   - no single-seat gap: the owner's whole selection may not leave more single free seats beside it than the
 *     owner can still add (an in-progress selection may leave a gap the owner will close).
 * The row rules mirror shared/src/rules/seats (single-seat-blocking.ts,
 * orphan-seats.ts, single-seat-gap.ts); server/test/seats/seat-store.medium.ts checks parity.
 *
 *   - the per-address hold cap (only when KEYS[9] is given, see HOLD_CAP_CHECK).
 * KEYS: 1 init, 2 st, 3 exp, 4 ver, 5 log, 6 taken, 7 due (global on one Redis, the slot's on a cluster), 8 own (owner's set),
 *       9 (optional) hold: the client address's ZSET of held seats (seat-keys.ts hold()); the cap is then the LAST ARGV
 * ARGV: 1 pid, 2 channel, 3 logMax, 4 owner, 5 ttlMs, 6 maxSeats, 7 flags (1 no-gap, 2 policy 3, 4 box-office block),
 *       8 ownerSetTtlSeconds, 9 sectionSize, 10 reservedTotal, 11 n, n seat keys (chosen first),
 *       then nRows, and per row: m, m seat keys in ascending x, one flag char per seat
 *       (bit 0 exempt left/middle/right seat, bit 1 not sellable).
 * A box-office block (flag 4) is a set of independent seats: any taken seat refuses the whole block with
 * SEAT_NOT_AVAILABLE naming that seat, instead of the "must be together" answer meant for a couch.
 * Returns {'NOINIT'} | {'ERR', code, detail} | {'OK', version, earliestExpiryMs, nowMs, newlyLocked}
 */
export const LOCK_LUA = `${PRELUDE}
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local st, exp, taken = KEYS[2], KEYS[3], KEYS[6]
local pid, owner = ARGV[1], ARGV[4]
local ttl, max_seats, flags = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local no_gap_rule = flags % 2 == 1
local policy_3 = math.floor(flags / 2) % 2 == 1
local block = math.floor(flags / 4) % 2 == 1
local n = tonumber(ARGV[11])
local idx = 12
local targets, planned, to_lock = {}, {}, {}
local first_taken = nil
for i = 1, n do
  local sk = ARGV[idx]; idx = idx + 1
  targets[i] = sk
  local v = redis.call('HGET', st, sk)
  if not v then
    to_lock[#to_lock + 1] = sk
    planned[sk] = true
  elseif lock_owner(v) ~= owner then
    if not first_taken then first_taken = i end
  end
end

local function earliest_of_owner()
  local best = nil
  for _, m in ipairs(redis.call('SMEMBERS', KEYS[8])) do
    local s = redis.call('ZSCORE', exp, m)
    if s then
      s = tonumber(s)
      if not best or s < best then best = s end
    end
  end
  return best or -1
end

if first_taken then
  if block then return {'ERR', 'SEAT_NOT_AVAILABLE', targets[first_taken]} end
  if first_taken > 1 then return {'ERR', 'SEATS_MUST_BE_TOGETHER', ''} end
  local taken_all = tonumber(redis.call('HGET', taken, '_r') or '0')
  if taken_all >= tonumber(ARGV[10]) then return {'ERR', 'NO_SEATS_LEFT_RESERVED', ''} end
  local sid = parse_key(targets[1])
  local taken_s = tonumber(redis.call('HGET', taken, sid) or '0')
  if taken_s >= tonumber(ARGV[9]) then return {'ERR', 'NO_SEATS_LEFT_SECTION', ''} end
  return {'ERR', 'SEAT_NOT_AVAILABLE', ''}
end

if #to_lock == 0 then
  return {'OK', tonumber(redis.call('GET', KEYS[4]) or '0'), earliest_of_owner(), now_ms(), 0}
end

if redis.call('SCARD', KEYS[8]) + #to_lock > max_seats then
  return {'ERR', 'MAX_SEATS_EXCEEDED', fmt(max_seats)}
end

local hold = KEYS[9]
if hold then
  local refused = hold_cap_refusal(hold, tonumber(ARGV[#ARGV]), to_lock, #to_lock)
  if refused then return refused end
end

-- Row layout for the rules: seat key -> {row, x}; row = {byx = {x -> {key, flag}}}
local row_of = {}
local rows = {}
local n_rows = tonumber(ARGV[idx] or '0'); idx = idx + 1
for r = 1, n_rows do
  local m = tonumber(ARGV[idx]); idx = idx + 1
  local row = { byx = {} }
  rows[#rows + 1] = row
  local keys = {}
  for j = 1, m do keys[j] = ARGV[idx]; idx = idx + 1 end
  local fl = ARGV[idx]; idx = idx + 1
  for j = 1, m do
    local _, x = parse_key(keys[j])
    local f = tonumber(string.sub(fl, j, j))
    row.byx[x] = { key = keys[j], exempt = (f % 2) == 1, sellable = f < 2 }
    row_of[keys[j]] = { row = row, x = x }
  end
end

-- Status code of a seat as this owner sees it (1 available, 2 mine, other = unavailable).
local function code(seat, with_planned)
  if not seat.sellable then return 6 end
  if with_planned and planned[seat.key] then return 2 end
  local v = redis.call('HGET', st, seat.key)
  if not v then return 1 end
  if lock_owner(v) == owner then return 2 end
  if v == 's' then return 4 end
  if v == 'l' or string.sub(v, 1, 2) == 'l|' then return 5 end
  return 6
end
local function unavailable(c) return c ~= 1 and c ~= 2 and c ~= 3 end

if policy_3 then
  -- Seating policy 3: a free seat boxed in by unavailable seats/row ends is not for sale.
  for _, sk in ipairs(to_lock) do
    local at = row_of[sk]
    if at then
      local seat = at.row.byx[at.x]
      if not seat.exempt then
        local l, r = at.row.byx[at.x - 1], at.row.byx[at.x + 1]
        local lu = l and unavailable(code(l, false))
        local ru = r and unavailable(code(r, false))
        local lclosed = (not l) or lu
        local rclosed = (not r) or ru
        if (lu or ru) and lclosed and rclosed then return {'ERR', 'SEAT_NOT_AVAILABLE', 'single'} end
      end
    end
  end
end

if no_gap_rule then
  -- No single-seat gap, judged on the owner's WHOLE selection (shared/src/rules/seats/single-seat-gap.ts,
  -- selectionGaps + lockLeavesUnfillableGap). A gap is a free, non-exempt seat with no free neighbour, at least one
  -- neighbour seat, and one of the owner's seats (held or being locked) beside it: the selection left it, and only
  -- the owner can close it. While the owner may still add that many seats it is an intermediate state, not a refusal
  -- (so 13 then 14, or 7, 9 then 8, work); past that the selection would keep the gaps.
  local function is_free(row, x)
    local s = row.byx[x]
    return s ~= nil and code(s, true) == 1
  end
  local function is_own(row, x)
    local s = row.byx[x]
    return s ~= nil and code(s, true) == 2
  end
  local gaps = 0
  for _, row in ipairs(rows) do
    for x, s in pairs(row.byx) do
      if not s.exempt and is_free(row, x) and not is_free(row, x - 1) and not is_free(row, x + 1)
        and (is_own(row, x - 1) or is_own(row, x + 1)) then
        gaps = gaps + 1
      end
    end
  end
  local left_to_add = max_seats - (redis.call('SCARD', KEYS[8]) + #to_lock)
  if left_to_add < 0 then left_to_add = 0 end
  if gaps > left_to_add then return {'ERR', 'SINGLE_SEAT_GAP', ''} end
end

local now = now_ms()
local expires = now + ttl
local value = 'l|' .. owner .. '|' .. fmt(now) .. '|0'
local changes = {}
for i, sk in ipairs(to_lock) do
  redis.call('HSET', st, sk, value)
  redis.call('ZADD', exp, expires, sk)
  redis.call('SADD', KEYS[8], sk)
  local sid = parse_key(sk)
  redis.call('HINCRBY', taken, sid, 1)
  redis.call('HINCRBY', taken, '_r', 1)
  if hold then redis.call('ZADD', hold, expires, sk) end
  changes[i] = sk .. '=l'
end
redis.call('EXPIRE', KEYS[8], tonumber(ARGV[8]))
-- Every entry's score is at most this lock's expiry, so the set may go when this lock would.
if hold then redis.call('PEXPIRE', hold, ttl) end
redis.call('ZADD', KEYS[7], 'LT', expires, pid)
local v = commit(KEYS[4], KEYS[5], ARGV[2], pid, changes, ARGV[3])
return {'OK', v, earliest_of_owner(), now, #to_lock}
`;
