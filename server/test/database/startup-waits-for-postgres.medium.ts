import net from 'node:net';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../support/test-env';

/**
 * A fresh-clone run under a CPU burner failed every test of a file at start-up, "Connection terminated due to
 * connection timeout": PostgreSQL, busy cloning databases for the other workers, took longer than the serving pool's
 * connect timeout to accept the app's first connection. Here PostgreSQL sits behind a door that holds every
 * connection unanswered for longer than the connect timeout, then lets them through: the app must wait and start.
 */
jest.setTimeout(60_000);

/** The connect timeout the app starts with, and how long the door keeps PostgreSQL silent (longer). */
const CONNECT_TIMEOUT_MS = 1000;
const SILENT_MS = 3500;

let db: TestDatabase;
let door: net.Server;
let t: TestApp | undefined;

/** A TCP proxy to `port` that accepts at once but relays nothing until `openAfterMs` from now. */
function slowDoor(port: number, openAfterMs: number): Promise<net.Server> {
  const opensAt = Date.now() + openAfterMs;
  const server = net.createServer((client) => {
    client.pause();
    client.on('error', () => undefined);
    setTimeout(
      () => {
        if (client.destroyed) return;
        const upstream = net.connect(port, '127.0.0.1');
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      },
      Math.max(0, opensAt - Date.now()),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await t?.close();
  door?.close();
  await db?.drop();
});

test('an app whose PostgreSQL accepts no connection for longer than the connect timeout starts once it does', async () => {
  const target = new URL(db.url);
  door = await slowDoor(Number(target.port), SILENT_MS);
  const behindDoor = new URL(db.url);
  behindDoor.port = String((door.address() as net.AddressInfo).port);
  const started = Date.now();
  t = await startTestApp(
    { DATABASE_URL: behindDoor.toString(), DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS) },
    { ...db, drop: async () => undefined },
  );
  // It waited for the door, it did not get through before.
  expect(Date.now() - started).toBeGreaterThanOrEqual(SILENT_MS - 200);
  const response = await fetch(`${t.url}/api/features/`);
  expect(response.status).toBe(200);
});
