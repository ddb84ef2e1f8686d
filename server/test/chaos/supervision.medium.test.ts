import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { loadServices, until, type Services } from './chaos-kit';

/**
 * `npm start` supervises its PostgreSQL and Redis: a service that exits unexpectedly
 * (kill -9) is restarted on the same port with its data, and the shutdown stops everything and
 * never hangs, even on a frozen service. Real redis-server and PostgreSQL processes, driven
 * through scripts/supervisor.mjs, the class scripts/start.mjs uses.
 */
interface Service {
  port: number;
  pid?: number;
  url?: string;
  stop(): Promise<void>;
  onUnexpectedExit(listener: (reason: unknown) => void): void;
}
interface Handle {
  current: Service;
  restarts: number;
}
interface SupervisorInstance {
  supervise(name: string, start: (port: number | undefined) => Promise<Service>): Promise<Handle>;
  onShutdown(stop: () => Promise<void>): void;
  shutdown(deadlineMs?: number): Promise<'clean' | 'deadline'>;
}
type SupervisorClass = new (options?: {
  say?: (m: string) => void;
  warn?: (m: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}) => SupervisorInstance;

let services: Services;
let Supervisor: SupervisorClass;
const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hotline-supervision-${name}-`));
  dirs.push(dir);
  return dir;
};
const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  services = await loadServices();
  ({ Supervisor } = (await import(path.join(__dirname, '../../../scripts/supervisor.mjs'))) as {
    Supervisor: SupervisorClass;
  });
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const startRedis = (dir: string) => (port: number | undefined) =>
  services.startRedis({ dir, port }) as unknown as Promise<Service>;

describe('redis-server under the supervisor', () => {
  test('kill -9: restarted on the same port with its data; clients reconnect; shutdown stops it', async () => {
    const supervisor = new Supervisor({ firstDelayMs: 100 });
    const handle = await supervisor.supervise('redis-server', startRedis(tmp('redis')));
    const first = handle.current;
    const redis = new Redis(first.url!, { retryStrategy: () => 100, maxRetriesPerRequest: 50 });
    try {
      await redis.set('sold:1', 'kept');
      process.kill(first.pid!, 'SIGKILL');
      await until(async () => handle.restarts === 1, 15_000, 'the supervisor to restart redis-server');
      expect(handle.current.port).toBe(first.port);
      expect(handle.current.pid).not.toBe(first.pid);
      expect(alive(handle.current.pid)).toBe(true);
      // The same address answers again, with what was written before the kill (append-only file).
      expect(await redis.get('sold:1')).toBe('kept');
    } finally {
      redis.disconnect();
    }
    expect(await supervisor.shutdown()).toBe('clean');
    expect(alive(handle.current.pid)).toBe(false);
  });

  test('control: the same kill -9 without the supervisor leaves Redis dead', async () => {
    const service = await startRedis(tmp('redis-control'))(undefined);
    process.kill(service.pid!, 'SIGKILL');
    await until(async () => !alive(service.pid), 5_000, 'redis-server to die');
    // Several times the supervisor's first restart delay above.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const probe = new Redis(service.url!, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    await expect(probe.connect()).rejects.toThrow();
    probe.disconnect();
  });

  test('a frozen (SIGSTOP) redis-server does not hold up the shutdown, and no restart follows it', async () => {
    const supervisor = new Supervisor({ firstDelayMs: 100 });
    const handle = await supervisor.supervise('redis-server', startRedis(tmp('redis-frozen')));
    process.kill(handle.current.pid!, 'SIGSTOP');
    expect(await supervisor.shutdown()).toBe('clean');
    expect(alive(handle.current.pid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(handle.restarts).toBe(0);
  });
});

describe('the supervisor itself', () => {
  /** A stand-in service whose exit the test triggers. */
  function fakeService(port: number, stop: () => Promise<void> = async () => undefined) {
    let exit: (reason: unknown) => void = () => undefined;
    const service: Service = { port, stop, onUnexpectedExit: (l) => (exit = l) };
    return { service, die: () => exit('SIGKILL') };
  }

  test('a restart that fails is retried with growing pauses until it works', async () => {
    const warnings: string[] = [];
    const supervisor = new Supervisor({ firstDelayMs: 20, warn: (m) => warnings.push(m) });
    const first = fakeService(7001);
    let attempts = 0;
    const handle = await supervisor.supervise('fake', async (port) => {
      if (port === undefined) return first.service;
      attempts++;
      if (attempts <= 2) throw new Error('port still busy');
      expect(port).toBe(7001);
      return fakeService(port).service;
    });
    first.die();
    await until(async () => handle.restarts === 1, 5_000, 'the restart');
    expect(attempts).toBe(3);
    expect(warnings.filter((w) => w.includes('did not restart'))).toEqual([
      'fake did not restart (port still busy); retrying in 20 ms',
      'fake did not restart (port still busy); retrying in 40 ms',
    ]);
    expect(await supervisor.shutdown()).toBe('clean');
  });

  test('shutdown never hangs: a stop that never ends is cut at the deadline; the others still run, newest first', async () => {
    const order: string[] = [];
    const supervisor = new Supervisor();
    await supervisor.supervise('database', async () => fakeService(1, async () => void order.push('database')).service);
    await supervisor.supervise('cache', async () => fakeService(2, async () => void order.push('cache')).service);
    supervisor.onShutdown(async () => void order.push('server'));
    expect(await supervisor.shutdown()).toBe('clean');
    expect(order).toEqual(['server', 'cache', 'database']);

    const stuck = new Supervisor();
    await stuck.supervise('frozen', async () => fakeService(3, () => new Promise<void>(() => undefined)).service);
    expect(await stuck.shutdown(300)).toBe('deadline');
  });
});

describe('PostgreSQL under the supervisor', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  test('kill -9 of the postmaster: restarted on the same port with its data; a frozen one still shuts down cleanly', async () => {
    child = spawn(process.execPath, [path.join(__dirname, 'supervised-postgres.mjs'), tmp('postgres')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const events: { event: string; port?: number; pid?: number; url?: string; outcome?: string }[] = [];
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line) as (typeof events)[number]);
    });
    await until(async () => events.some((e) => e.event === 'up'), 60_000, 'PostgreSQL to start');
    const up = events.find((e) => e.event === 'up')!;
    const query = async (sql: string) => {
      const c = new Client({ connectionString: up.url, connectionTimeoutMillis: 3_000 });
      await c.connect();
      try {
        return await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await query('CREATE TABLE sale (id int); INSERT INTO sale VALUES (1)');

    process.kill(up.pid!, 'SIGKILL');
    await until(async () => events.some((e) => e.event === 'back'), 60_000, 'the supervisor to restart PostgreSQL');
    const back = events.find((e) => e.event === 'back')!;
    expect(back.port).toBe(up.port);
    expect(back.pid).not.toBe(up.pid);
    await until(async () => (await query('SELECT count(*)::int AS n FROM sale')).rows[0].n === 1, 15_000, 'the data');

    // Frozen, then Ctrl-C: the stop wakes it (SIGCONT) and escalates to SIGKILL if it must.
    process.kill(back.pid!, 'SIGSTOP');
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(events.find((e) => e.event === 'shutdown')?.outcome).toBe('clean');
    expect(alive(back.pid)).toBe(false);
  });
});
