import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { REDIS } from '../../src/redis/redis.module';
import { SalesRepository } from '../../src/reservations/sales.repository';
import type { TestApp } from '../support/test-env';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  lockAll,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
  waitFor,
  type ShowInfo,
} from './support/booking-kit';

/**
 * A budget, not a timing: how many PostgreSQL statements and Redis commands ONE plain ticket commit
 * (2 reserved seats, card, nothing limited, no membership or mini-site) costs the server (the commit's
 * CPU doubled). Every statement and command the server issues while handling the commit request is counted: the
 * request runs inside an AsyncLocalStorage context, and pg's Client.query and ioredis' sendCommand note what they
 * were asked while that context is current (background loops - outbox, sweeps, recovery - run outside it).
 * A new statement or command per order fails this test: raise the budget only with a reason (docs/booking.md,
 * "Round trips per commit").
 */
const BUDGET = {
  // tickets_by_id (prices + what the member, waiver and reference checks need), attempt_begin (cart + payment row
  // before the charge), the sandbox provider's charge (its checks and its record in one statement; a real provider is
  // an HTTP call instead), sale (reservation, tickets, payment, outbox, cart in one statement). Was 9, then 5 (the
  // sandbox's lookup and its record were two statements). Under concurrency all four are shared by the commits of the
  // same moment (decisions 038 and 045, budgeted in grouped-sale.medium); a lone commit sends its own.
  statements: 4,
  // Transactions that write (each one a commit record, a WAL flush where fsync is on): attempt_begin (durable before
  // the provider is called, so the recovery loop finds the charge), the sandbox provider's charge record (the
  // provider's own books), the sale. The reads (tickets_by_id, the sandbox lookup) write nothing.
  writingTransactions: 3,
  // The rate limiter's bucket, the visitor's locks (assertLocked), the payment extension, markSold.
  redis: 4,
};

interface Tally {
  statements: string[];
  redis: string[];
  /** Transactions PostgreSQL ran for the request, and those of them that wrote. */
  transactions: number;
  writingTransactions: number;
}

/** Per connection: inside an explicit transaction, and whether it has written yet. */
const openTransactions = new WeakMap<object, { wrote: boolean }>();

function sqlText(arg: unknown): string {
  const q = arg as { text?: string } | string;
  return (typeof q === 'string' ? q : (q?.text ?? '')).trim();
}

/**
 * Counts a statement's transaction: outside BEGIN ... COMMIT every statement is a transaction of its own; inside, the
 * block is one. A transaction writes when one of its statements inserts, updates or deletes (a data-modifying CTE too).
 */
function countTransaction(tally: Tally, connection: object, text: string): void {
  const writes = /\b(INSERT|UPDATE|DELETE)\b/i.test(text);
  const open = openTransactions.get(connection);
  if (/^(BEGIN|START TRANSACTION)\b/i.test(text)) {
    openTransactions.set(connection, { wrote: false });
    tally.transactions++;
  } else if (/^(COMMIT|ROLLBACK|END)\b/i.test(text)) {
    if (open?.wrote && /^(COMMIT|END)/i.test(text)) tally.writingTransactions++;
    openTransactions.delete(connection);
  } else if (open) {
    open.wrote ||= writes;
  } else {
    tally.transactions++;
    if (writes) tally.writingTransactions++;
  }
}

const context = new AsyncLocalStorage<Tally>();

function statementName(arg: unknown): string {
  const q = arg as { name?: string; text?: string } | string;
  if (typeof q === 'string') return q.replace(/\s+/g, ' ').trim().slice(0, 70);
  if (q?.name) return q.name;
  return (q?.text ?? '?').replace(/\s+/g, ' ').trim().slice(0, 70);
}

/** The first frame in the server's own code: file:function. */
function callerIn(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const m = /at (?:async )?([\w.<>]+) \(.*\/server\/src\/(.+?):\d+:\d+\)/.exec(line);
    if (m) return `${m[2]} ${m[1]}`;
    const bare = /\/server\/src\/(.+?):\d+:\d+/.exec(line);
    if (bare) return bare[1]!;
  }
  return '?';
}

function summary(list: string[]): string {
  const counts = new Map<string, number>();
  for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([k, n]) => `  ${String(n).padStart(3)}  ${k}`).join('\n');
}

describe('round trips per commit', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let show: ShowInfo;
  let free: ReturnType<typeof plainSeats>;
  const restore: (() => void)[] = [];

  beforeAll(async () => {
    env = await startBooking();
    ({ t } = env);
    show = await loadShow(t.url, 1);
    free = plainSeats(show);

    const pgQuery = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const tally = context.getStore();
      if (tally) {
        tally.statements.push(statementName(args[0]));
        countTransaction(tally, this, sqlText(args[0]));
      }
      return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pgQuery;
    restore.push(() => (Client.prototype.query = pgQuery));
    // Auto-pipelining sends a batch from a later tick, away from the code (and the request) that asked: off here,
    // so each command is sent where it is asked. Same commands, only batched differently.
    t.app.get<Redis>(REDIS).options.enableAutoPipelining = false;
    const send = Redis.prototype.sendCommand;
    Redis.prototype.sendCommand = function (this: Redis, ...args: Parameters<typeof send>) {
      const command = args[0] as unknown as { name: string };
      const tally = context.getStore();
      // Named by the server code that sent it (a script is only a SHA on the wire).
      if (tally) {
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 40;
        const stack = new Error().stack ?? '';
        Error.stackTraceLimit = limit;
        tally.redis.push(`${command.name} from ${callerIn(stack)}`);
      }
      return send.apply(this, args);
    };
    restore.push(() => (Redis.prototype.sendCommand = send));

    // Only the commit request runs inside a tally (the header says which).
    const server = t.app.getHttpServer();
    const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    for (const handler of handlers)
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const tally = (req.headers['x-tally'] && tallies.get(String(req.headers['x-tally']))) || undefined;
        if (tally) context.run(tally, () => handler(req, res));
        else handler(req, res);
      });
  });
  afterAll(async () => {
    for (const undo of restore) undo();
    await env.close();
  });

  const tallies = new Map<string, Tally>();

  /** No statement on a checked-out connection, none waiting for one, and no Redis command awaiting its reply. */
  function serverIdle(): boolean {
    const pool = (t.app.get(DataSource).driver as PostgresDriver).master as {
      totalCount: number;
      idleCount: number;
      waitingCount: number;
    };
    return (
      pool.totalCount === pool.idleCount && pool.waitingCount === 0 && t.app.get<Redis>(REDIS).commandQueue.length === 0
    );
  }

  async function plainCommit(): Promise<Tally> {
    const b = await buyer(t.url);
    const seats = free.splice(0, 2);
    await lockAll(t.url, b, show, seats);
    const saved = await call(t.url, 'POST', '/api/cart', b.id, {
      cart: cartOf(seats.map((s) => cartSeat(show, s))),
      uuid: b.id,
      recaptchaToken: b.token,
    });
    expect(saved.status).toBe(201);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: saved.body.cartIdentifier, paymentIdentifier },
    );
    const tally: Tally = { statements: [], redis: [], transactions: 0, writingTransactions: 0 };
    const key = crypto.randomUUID();
    tallies.set(key, tally);
    const r = await call(
      t.url,
      'POST',
      '/api/payment/commit',
      b.id,
      { cart, recaptchaToken: b.token },
      { 'x-tally': key },
    );
    expect(r.status).toBe(201);
    expect(r.body.ticketIdentifiers).toHaveLength(2);
    // Work the request started but did not wait for is the order's too: counted until the server's PostgreSQL pool
    // and Redis connection have nothing in flight (a state, not a fixed wait: under load it can take longer).
    await waitFor(async () => serverIdle());
    return tally;
  }

  test('one plain card commit of 2 seats stays within its statement and Redis command budget', async () => {
    await plainCommit(); // warm: first-use caches and prepared statements are not per order
    const tally = await plainCommit();
    console.log(
      `plain commit: ${tally.statements.length} PostgreSQL statements in ${tally.transactions} transactions ` +
        `(${tally.writingTransactions} writing), ${tally.redis.length} Redis commands\n` +
        `statements:\n${summary(tally.statements)}\nredis:\n${summary(tally.redis)}`,
    );
    expect(tally.statements.length).toBeGreaterThan(0);
    expect(tally.statements.length).toBeLessThanOrEqual(BUDGET.statements);
    expect(tally.writingTransactions).toBeGreaterThan(0);
    expect(tally.writingTransactions).toBeLessThanOrEqual(BUDGET.writingTransactions);
    expect(tally.redis.length).toBeLessThanOrEqual(BUDGET.redis);
  });

  test('the triggers the sale statement fires: the sales_daily aggregate and the seat-in-plan check only', async () => {
    // A statement trigger fires for a data-modifying CTE even with no rows: the triggers of every table and operation
    // the whole statement names (every shape is cut from it, decision 029) are what a sale may pay for.
    const writes = [...t.app.get(SalesRepository).statements.whole.sql.matchAll(/\b(INSERT INTO|UPDATE) (\w+)/g)].map(
      ([, op, table]) => ({
        table: table!,
        bit: op === 'UPDATE' ? 16 : 4, // pg_trigger.tgtype: TRIGGER_TYPE_INSERT 4, TRIGGER_TYPE_UPDATE 16
      }),
    );
    const { rows } = await env.sql.query<{ name: string }>(
      `SELECT DISTINCT c.relname || '.' || t.tgname AS name
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         JOIN unnest($1::text[], $2::int[]) AS w(tbl, bit) ON w.tbl = c.relname AND t.tgtype & w.bit <> 0
        WHERE NOT t.tgisinternal ORDER BY 1`,
      [writes.map((w) => w.table), writes.map((w) => w.bit)],
    );
    console.log(`sale statement writes ${writes.map((w) => w.table).join(', ')}; triggers: ${rows.map((r) => r.name)}`);
    // The seat-in-plan check orders a sale against a date's move to another plan version (decision 025).
    expect(rows.map((r) => r.name)).toEqual([
      'reservation_ticket.reservation_ticket_sales_daily_insert',
      'reservation_ticket.reservation_ticket_seat_in_plan',
    ]);
  });
});
