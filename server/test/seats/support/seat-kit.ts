import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type {
  ApiSeat,
  ApiSeatplan,
  LockSeatInput,
  SeatDeltaMessage,
  SeatSnapshotMessage,
  SeatStatusRow,
} from '@hotline/shared';
import { SeatEvents } from '@hotline/shared';
import type { LockRequest } from '../../../src/seats/seat-store.port';
import { tokenFor } from './bot-check-double';

/** Small HTTP + socket helpers shared by the seat engine's medium tests. */

export interface Reply<T = any> {
  status: number;
  body: T;
}

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  visitor: string,
  body?: unknown,
): Promise<Reply<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { uuid: visitor, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: parsed as T };
}

export const visitor = (): string => randomUUID();

export interface PlanInfo {
  presentationId: number;
  venueId: number;
  seatplanId: number;
  plan: ApiSeatplan;
  seats: ApiSeat[];
}

export async function loadPlan(base: string, presentationId: number): Promise<PlanInfo> {
  const v = visitor();
  const p = (await call(base, 'GET', `/api/presentations/${presentationId}`, v)).body.presentation;
  const plan: ApiSeatplan = (
    await call(base, 'GET', `/api/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}`, v)
  ).body.seatplan;
  const seats = plan.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
  return { presentationId, venueId: p.venueId, seatplanId: p.seatplanId, plan, seats };
}

export function seatInput(info: PlanInfo, sectionId: number, x: number | null, y: number | null): LockSeatInput {
  return {
    PresentationId: info.presentationId,
    VenueId: info.venueId,
    VenueSeatplanId: info.seatplanId,
    VenueSectionId: sectionId,
    TicketGroupId: 0,
    XCoordinate: x,
    YCoordinate: y,
  };
}

export function lock(base: string, v: string, seat: LockSeatInput, token = tokenFor(v)) {
  return call(base, 'PUT', '/api/seats/lock-seat', v, { recaptchaToken: token, seat });
}

export function unlock(base: string, v: string, seat: LockSeatInput) {
  return call(base, 'PUT', '/api/seats/unlock-seat', v, { recaptchaToken: tokenFor(v), seat });
}

export async function status(
  base: string,
  v: string,
  presentationId: number,
  extra = '',
): Promise<{ rows: SeatStatusRow[]; version: number; body: any }> {
  const r = await call(
    base,
    'GET',
    `/api/seats/seats-status?presentationId=${presentationId}&venueTypeId=1&isReserved=1${extra}`,
    v,
  );
  if (r.status !== 200) throw new Error(`seats-status ${r.status}: ${JSON.stringify(r.body)}`);
  return { rows: r.body.seats, version: r.body.version, body: r.body };
}

export function statusOf(rows: SeatStatusRow[], sectionId: number, x: number, y: number): number | undefined {
  return rows.find((r) => r[0] === sectionId && r[2] === x && r[3] === y)?.[6];
}

/**
 * A socket.io watcher of one presentation that checks the protocol as it goes:
 * every delta must start exactly where the previous message ended.
 */
export class Watcher {
  readonly socket: Socket;
  version = 0;
  readonly state = new Map<string, number>();
  readonly deltas: (SeatDeltaMessage & { at: number })[] = [];
  readonly snapshots: (SeatSnapshotMessage & { at: number })[] = [];
  readonly gaps: string[] = [];
  readonly errors: unknown[] = [];
  private waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(
    base: string,
    readonly presentationId: number,
    transports: ('websocket' | 'polling')[] = ['websocket'],
  ) {
    this.socket = io(base, { transports, forceNew: true, reconnection: false });
    this.socket.on(SeatEvents.Snapshot, (m: SeatSnapshotMessage) => {
      this.snapshots.push({ ...m, at: Date.now() });
      this.state.clear();
      for (const r of m.rows) this.state.set(`${r[0]}:${r[2]}:${r[3]}`, r[6]);
      this.version = m.version;
      this.poke();
    });
    this.socket.on(SeatEvents.Delta, (m: SeatDeltaMessage) => {
      if (m.fromVersion !== this.version)
        this.gaps.push(`expected from ${this.version}, got ${m.fromVersion}..${m.toVersion}`);
      this.deltas.push({ ...m, at: Date.now() });
      for (const r of m.rows) this.state.set(`${r[0]}:${r[2]}:${r[3]}`, r[6]);
      this.version = m.toVersion;
      this.poke();
    });
    this.socket.on('seats:error', (e: unknown) => {
      this.errors.push(e);
      this.poke();
    });
  }

  async subscribe(version?: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
    const before = this.snapshots.length + this.deltas.length;
    this.socket.emit(SeatEvents.Subscribe, { presentationId: this.presentationId, version });
    await this.until(() => this.snapshots.length + this.deltas.length > before || this.errors.length > 0);
  }

  statusOf(sectionId: number, x: number, y: number): number | undefined {
    return this.state.get(`${sectionId}:${x}:${y}`);
  }

  until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('watcher: condition not met in time')), timeoutMs);
      this.waiters.push({
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  private poke(): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.check()) return true;
      w.resolve();
      return false;
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** A seat-store lock request with permissive rules (no gap rules, 10 seats), for store-level tests. */
export function lockRequest(owner: string, keys: string[], extra: Partial<LockRequest> = {}): LockRequest {
  return {
    owner,
    keys,
    ttlMs: 60_000,
    maxSeats: 10,
    noSingleSeatGap: false,
    singleSeatBlocking: false,
    rows: [],
    sectionSize: 1000,
    reservedTotal: 1000,
    ownerSetTtlSeconds: 600,
    ...extra,
  };
}
