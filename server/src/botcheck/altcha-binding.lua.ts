/**
 * A verified solution bound to the first visitor who uses it (altcha-bot-check.ts, "Binding"), as a Lua function a
 * script of another context can call in the same round trip as its own work (the waiting room's join,
 * queue/lua/join.lua.ts): `fresh` '1' binds it now if nobody has (SET NX EX); '0' (an expired challenge) only reads
 * who it was bound to. Answers true when the solution is this visitor's.
 */
export const ALTCHA_BIND_LUA_FUNCTION = `
local function altcha_bind(key, visitor, ttl, fresh)
  if fresh == '1' and redis.call('SET', key, visitor, 'EX', ttl, 'NX') then return true end
  return redis.call('GET', key) == visitor
end
`;
