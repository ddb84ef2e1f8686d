import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';

/** Helpers for the chaos tests: real processes, killed and frozen for real. */

export interface RedisService {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}
export interface PostgresService {
  baseUrl: string;
  port: number;
  /** The postmaster's pid: SIGSTOP/SIGCONT go to it and its children. */
  pid: number;
  stop(): Promise<void>;
}
export interface Services {
  ROOT: string;
  startRedis(o: { dir: string; port?: number }): Promise<RedisService>;
}

/**
 * A private PostgreSQL cluster (scripts/services.mjs startPostgres) in a child Node
 * process, with an empty `hotline` database.
 */
export async function startPrivatePostgres(dir: string): Promise<PostgresService> {
  const child = spawn(process.execPath, [path.join(__dirname, 'private-postgres.mjs'), dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const info = await new Promise<{ baseUrl: string; port: number; pid: number }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { baseUrl: string; port: number; pid: number });
    });
    child.once('exit', (code) => reject(new Error(`private PostgreSQL exited (${code})`)));
  });
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

export async function loadServices(): Promise<Services> {
  return (await import(path.join(__dirname, '../../../scripts/services.mjs'))) as Services;
}

export interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { error?: string } & Record<string, unknown>;
}

/** One HTTP call, with how long it took and its Retry-After; never throws on a status. */
export async function timedCall(
  base: string,
  method: string,
  url: string,
  visitor: string,
  body?: unknown,
): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { uuid: visitor, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: Timed['body'] = {};
  try {
    parsed = JSON.parse(text) as Timed['body'];
  } catch {
    /* not JSON */
  }
  return {
    status: response.status,
    ms: performance.now() - started,
    retryAfter: response.headers.get('retry-after'),
    body: parsed,
  };
}

export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Sells seats directly in PostgreSQL (the durable truth), as a committed sale would. */
export async function sellInDatabase(
  db: DataSource,
  presentationId: number,
  seats: { sectionId: number; x: number; y: number }[],
  visitorId: string,
): Promise<void> {
  const ticket = (
    await db.query(
      'SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1',
      [presentationId],
    )
  )[0].id;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const [res] = await db.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot) VALUES ($1, $2, $3, 'paid', 0) RETURNING id`,
    [`R-${stamp}`, `D-${stamp}`, visitorId],
  );
  for (const [i, s] of seats.entries()) {
    await db.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot) VALUES ($1,$2,$3,$4,$5,$6,$7,0)`,
      [res.id, `T-${stamp}-${i}`, presentationId, s.sectionId, s.x, s.y, ticket],
    );
  }
}

/** The postmaster and every process it started (backends, checkpointer, ...). */
export function clusterPids(postmasterPid: number): number[] {
  const pids = [postmasterPid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmasterPid) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/** Freezes (SIGSTOP) or thaws (SIGCONT) a whole PostgreSQL cluster. */
export function signalCluster(postmasterPid: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of clusterPids(postmasterPid)) {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}
