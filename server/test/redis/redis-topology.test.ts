import { keySlot, slotTag } from '../../src/redis/cluster-slots';
import { redisTopology } from '../../src/redis/redis-topology';

describe('redisTopology', () => {
  test.each([
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, { mode: 'single', url: 'redis://127.0.0.1:6379' }],
    [
      { REDIS_URL: 'redis://:secret@127.0.0.1:6379', REDIS_CLUSTER_NODES: 'a:7000,b:7001' },
      {
        mode: 'cluster',
        nodes: [
          { host: 'a', port: 7000 },
          { host: 'b', port: 7001 },
        ],
        password: 'secret',
      },
    ],
    [
      { REDIS_URL: 'redis+cluster://user:p%40ss@seed:7002' },
      { mode: 'cluster', nodes: [{ host: 'seed', port: 7002 }], username: 'user', password: 'p@ss' },
    ],
    [{ REDIS_URL: 'redis+cluster://seed' }, { mode: 'cluster', nodes: [{ host: 'seed', port: 6379 }] }],
  ])('%j', (config, expected) => {
    expect(redisTopology(config)).toEqual(expected);
  });
});

describe('keySlot and slotTag', () => {
  // Vectors from the Redis Cluster specification (CRC16/XMODEM of "123456789" is 0x31C3) and CLUSTER KEYSLOT.
  test.each([
    ['123456789', 0x31c3],
    ['foo', 12182],
    ['{foo}.bar', 12182],
    ['x{foo}y{bar}', 12182],
    ['{}foo', keySlot('{}foo')],
  ])('%s -> %i', (key, slot) => {
    expect(keySlot(key)).toBe(slot);
  });

  test('every slot has a tag that hashes to it', () => {
    for (const slot of [0, 1, 5061, 12182, 16383]) expect(keySlot(`x{${slotTag(slot)}}:due`)).toBe(slot);
  });
});
