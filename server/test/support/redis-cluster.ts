import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Redis from 'ioredis';

/**
 * A real local Redis Cluster for one test file: `primaries` redis-server processes in cluster mode (plus one replica
 * each when asked), the same binary `npm test` uses, on free ports, data under .tmp/, joined with
 * `redis-cli --cluster create` and ready once every node reports cluster_state:ok. stop() kills them all and
 * removes the folder.
 */
export interface TestRedisCluster {
  /** host:port of every node, primaries first: REDIS_CLUSTER_NODES. */
  nodes: string;
  ports: number[];
  /** Sends SIGKILL to the node on this port (a crash, as in a failover test). */
  kill(port: number): void;
  /** SIGSTOP / SIGCONT: the node accepts connections (the kernel does) but answers nothing, as on a starved machine. */
  freeze(port: number): void;
  thaw(port: number): void;
  /** The port of the primary that serves this slot now. */
  primaryOf(slot: number): Promise<number>;
  /** Waits until every live node says cluster_state:ok and the slot map agrees (after a failover). */
  waitOk(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

interface Services {
  ROOT: string;
  findRedisServer(): string | null;
}

/** A port whose cluster-bus port (port + 10000) is free too. */
async function freeClusterPort(taken: Set<number>): Promise<number> {
  // Below the kernel's ephemeral range (both the port and its bus port): a port chosen there can be taken by any
  // outgoing connection between the check and redis-server's bind, which the suite's parallel stacks make often.
  const below = ephemeralRangeStart() - 10_000;
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * Math.max(1, below - 10_000));
    if (taken.has(port)) continue;
    if ((await canBind(port)) && (await canBind(port + 10000))) {
      taken.add(port);
      return port;
    }
  }
}

function ephemeralRangeStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 21_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis cluster: ${what} not reached within ${timeoutMs} ms`);
}

async function ask<T>(port: number, fn: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

/** A node that exited before answering: its port was taken after the check (the start is tried again elsewhere). */
class NodeExitedAtStart extends Error {}

export async function startRedisCluster(
  opts: { primaries?: number; replicas?: boolean } = {},
): Promise<TestRedisCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      if (!(err instanceof NodeExitedAtStart) || attempt === 3) throw err;
    }
  }
}

async function startOnce(opts: { primaries?: number; replicas?: boolean }): Promise<TestRedisCluster> {
  const primaries = opts.primaries ?? 3;
  const count = opts.replicas ? primaries * 2 : primaries;
  const services = (await import(path.join(__dirname, '../../../scripts/services.mjs'))) as Services;
  const binary = services.findRedisServer();
  if (!binary) throw new Error('No redis-server found (the cluster tests need the same binary as npm test).');
  const dir = path.join(services.ROOT, '.tmp', `redis-cluster-${process.pid}-${Date.now()}`);
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freeClusterPort(taken));
  const children = new Map<number, ChildProcess>();
  const { FAKETIME: _a, LD_PRELOAD: _b, ...env } = process.env;
  for (const port of ports) {
    const nodeDir = path.join(dir, String(port));
    mkdirSync(nodeDir, { recursive: true });
    const child = spawn(
      binary,
      [
        '--port', String(port),
        '--bind', '127.0.0.1',
        '--dir', nodeDir,
        '--cluster-enabled', 'yes',
        '--cluster-config-file', 'nodes.conf',
        // Short, so a failover test sees the replica promoted within a few seconds.
        '--cluster-node-timeout', '1500',
        '--appendonly', 'yes',
        '--appendfsync', 'everysec',
        '--save', '',
        '--daemonize', 'no',
        '--protected-mode', 'yes',
        '--loglevel', 'warning',
      ], // prettier-ignore
      { stdio: ['ignore', 'ignore', 'inherit'], env },
    );
    children.set(port, child);
  }
  const stop = async (): Promise<void> => {
    await Promise.all(
      [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    children.clear();
    rmSync(dir, { recursive: true, force: true });
  };
  const live = () => ports.filter((p) => children.get(p)?.exitCode === null && children.get(p)?.signalCode === null);
  const waitOk = async (timeoutMs = 30_000) =>
    until('cluster_state:ok on every node', timeoutMs, async () => {
      for (const port of live()) {
        const info = await ask(port, (r) => r.cluster('INFO'));
        if (!String(info).includes('cluster_state:ok')) return false;
      }
      return true;
    });
  try {
    for (const port of ports)
      await until(`redis-server on ${port}`, 15_000, () => {
        const child = children.get(port);
        if (child?.exitCode !== null || child.signalCode !== null)
          throw new NodeExitedAtStart(`redis-server on ${port} exited (${child?.exitCode ?? child?.signalCode})`);
        return ask(port, (r) => r.ping()).then(() => true);
      });
    const create = spawnSync(
      binary.replace(/redis-server$/, 'redis-cli'),
      [
        '--cluster', 'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas', opts.replicas ? '1' : '0',
        '--cluster-yes',
      ], // prettier-ignore
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}\n${create.stderr}`);
    await waitOk();
    if (opts.replicas)
      await until('every replica linked', 30_000, async () => {
        for (const port of ports) {
          const role = (await ask(port, (r) => r.role())) as unknown[];
          if (role[0] === 'slave' && role[3] !== 'connected') return false;
        }
        return true;
      });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
    ports,
    kill(port) {
      children.get(port)?.kill('SIGKILL');
    },
    freeze(port) {
      children.get(port)?.kill('SIGSTOP');
    },
    thaw(port) {
      children.get(port)?.kill('SIGCONT');
    },
    async primaryOf(slot) {
      for (const port of live()) {
        const slots = (await ask(port, (r) => r.cluster('SLOTS'))) as unknown as [number, number, [string, number]][];
        const range = slots.find(([from, to]) => slot >= from && slot <= to);
        if (range) return Number(range[2][1]);
      }
      throw new Error(`no live node knows slot ${slot}`);
    },
    waitOk,
    stop,
  };
}
