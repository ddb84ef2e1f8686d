/**
 * A visitor's standing; with touch = 1 it also counts as a heartbeat (the place is kept).
 * KEYS: line, seen, active, removed
 * ARGV: visitor, now (ms), touch ('1' | '0')
 * Answers { state, rank or until, removed, line length } with state 'admitted' | 'line' | 'outside'.
 */
export const STATUS_LUA = `
local visitor = ARGV[1]
local removed = tonumber(redis.call('GET', KEYS[4]) or '0')
local length = redis.call('ZCARD', KEYS[1])
local admittedUntil = tonumber(redis.call('ZSCORE', KEYS[3], visitor) or '0')
if admittedUntil > tonumber(ARGV[2]) then return {'admitted', tostring(admittedUntil), removed, length} end
local rank = redis.call('ZRANK', KEYS[1], visitor)
if not rank then return {'outside', -1, removed, length} end
if ARGV[3] == '1' then redis.call('HSET', KEYS[2], visitor, ARGV[2]) end
return {'line', rank, removed, length}
`;
