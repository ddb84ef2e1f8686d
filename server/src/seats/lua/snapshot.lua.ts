/**
 * The whole live state of one presentation with its version, read atomically
 * (only non-available seats are stored, so this is small until the hall fills).
 *
 * KEYS: 1 init, 2 ver, 3 st
 * Returns {'NOINIT'} | {'OK', version, field1, value1, field2, value2, ...}
 */
export const SNAPSHOT_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {'NOINIT'} end
local out = {'OK', tonumber(redis.call('GET', KEYS[2]) or '0')}
local all = redis.call('HGETALL', KEYS[3])
for i = 1, #all do out[i + 2] = all[i] end
return out
`;
