import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { seatKey } from '@hotline/shared';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { presentationKeys } from '../seats/seat-keys';

/** What a seat looks like to one visitor, read from the seat engine's state. */
export type SeatHold = 'mine' | 'mine-expired' | 'free' | 'sold' | 'other' | 'unavailable';

const HOLDS: SeatHold[] = ['free', 'mine', 'mine-expired', 'sold', 'other', 'unavailable'];

/*
 * Read-only views of the seat engine's Redis state (seats/lua/prelude.ts
 * documents the encoding: 'l|<owner>|<lockedAt>|<ext>' in `st`, expiry scores in
 * `exp`). Read in one script so "now" is the Redis clock the engine expires
 * locks by, and a lock past its expiry that the sweeper has not released yet
 * counts as expired. Nothing here writes: every change goes through the engine.
 */
const HOLD_LUA = `
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

const OWNED_LUA = `
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

type Script = (...args: (string | number)[]) => Promise<unknown[]>;

@Injectable()
export class SeatLockReader {
  private readonly holdScript: Script;
  private readonly ownedScript: Script;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (!('bookingSeatHolds' in redis)) redis.defineCommand('bookingSeatHolds', { lua: HOLD_LUA, numberOfKeys: 2 });
    if (!('bookingOwnedSeats' in redis)) redis.defineCommand('bookingOwnedSeats', { lua: OWNED_LUA, numberOfKeys: 3 });
    const r = redis as unknown as Record<string, Script>;
    this.holdScript = r.bookingSeatHolds!.bind(redis);
    this.ownedScript = r.bookingOwnedSeats!.bind(redis);
  }

  /** How each seat stands for `owner` right now, in the order given. */
  async holds(
    presentationId: number,
    owner: string,
    seats: { sectionId: number; x: number; y: number }[],
  ): Promise<SeatHold[]> {
    const k = presentationKeys(this.config.REDIS_PREFIX, presentationId);
    const codes = await this.holdScript(k.st, k.exp, owner, ...seats.map((s) => seatKey(s.sectionId, s.x, s.y)));
    return codes.map((c) => HOLDS[Number(c)] ?? 'unavailable');
  }

  /** The seats `owner` holds live locks on in a presentation ("sectionId:x:y" keys). */
  async ownedSeats(presentationId: number, owner: string): Promise<string[]> {
    const k = presentationKeys(this.config.REDIS_PREFIX, presentationId);
    return (await this.ownedScript(k.st, k.exp, k.own(owner), owner)).map(String);
  }
}
