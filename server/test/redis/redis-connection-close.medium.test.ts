import { RedisConnection } from '../../src/redis/redis.module';
import { testConfig } from '../support/test-env';

/**
 * A subscriber connection closed by its owner (the hold-ended notifier, the queue ticker, the seat change subscriber)
 * is not closed again when the application shuts down. Closing it twice left ioredis' 2 s stream-destroy timer
 * running (QUIT fails on the closed connection, the disconnect() after it arms the timer, and the socket's close
 * that would clear it has already happened): for those 2 s the process could not exit, and jest killed the worker
 * ("A worker process has failed to exit gracefully") in most suite runs.
 */
const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const settled = () => new Promise((resolve) => setImmediate(resolve));

async function subscribed(connection: RedisConnection) {
  const sub = connection.subscriber('close-test');
  await sub.subscribe('close-test');
  return sub;
}

test('control: a subscriber its owner quit itself is closed again at shutdown and leaves a timer', async () => {
  const connection = new RedisConnection(testConfig({ DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' }));
  const sub = await subscribed(connection);
  await settled();
  const before = timers();
  // What the owners did before close(): QUIT of their own, then the shutdown's QUIT and disconnect() on it again.
  await sub.quit().catch(() => sub.disconnect());
  await connection.onApplicationShutdown();
  await settled();
  expect(timers()).toBeGreaterThan(before);
  // This file leaves nothing behind either: the control's timer ends after its 2 s.
  while (timers() > before) await new Promise((resolve) => setTimeout(resolve, 100));
});

test('closed by its owner, a subscriber is not closed again at shutdown: no timer is left', async () => {
  const connection = new RedisConnection(testConfig({ DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' }));
  const sub = await subscribed(connection);
  await settled();
  const before = timers();
  await connection.close(sub);
  await connection.onApplicationShutdown();
  await settled();
  expect(timers()).toBe(before);
});
