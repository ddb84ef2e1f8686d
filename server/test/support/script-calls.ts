import type Redis from 'ioredis';

/**
 * Counts the script calls (EVAL, EVALSHA) one connection sends, and answers how many `fn` sent. Counted on the client,
 * not with INFO commandstats: those are the whole Redis server's, and other test files run scripts on the same Redis
 * meanwhile (a CI run counted 21 for 20). ioredis sends EVALSHA and, on NOSCRIPT, EVAL, which would count twice: load
 * the scripts into Redis before counting.
 */
export function scriptCallCounter(redis: Redis): (fn: () => Promise<unknown>) => Promise<number> {
  let calls = 0;
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], stream?: Parameters<Redis['sendCommand']>[1]) => {
    if (/^eval(sha)?$/i.test(command.name)) calls++;
    return send(command, stream);
  }) as Redis['sendCommand'];
  return async (fn) => {
    const before = calls;
    await fn();
    return calls - before;
  };
}
