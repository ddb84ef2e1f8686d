/**
 * A node's refresh of its subscribed pages (queue-seen-refresh.ts): each visitor given who is still in the line
 * is marked seen now, in one call for up to QueueStore's chunk of visitors instead of one heartbeat per page.
 * A visitor no longer in the line (admitted, dropped as abandoned, never joined) is skipped: `seen` is only
 * written beside a place, so a refresh never brings a place back (only join.lua.ts adds to the line).
 * KEYS: line, seen
 * ARGV: now (ms), visitor...
 * Answers how many were marked.
 */
export const SEEN_LUA = `
local fields = {}
local marked = 0
for i = 2, #ARGV do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    fields[#fields + 1] = ARGV[i]
    fields[#fields + 1] = ARGV[1]
    marked = marked + 1
  end
end
if marked > 0 then redis.call('HSET', KEYS[2], unpack(fields)) end
return marked
`;
