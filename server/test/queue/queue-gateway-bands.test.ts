import type { QueueProgressMessage } from '@hotline/shared';
import type { AppConfig } from '../../src/config/app-config';
import { QueuePresence } from '../../src/queue/queue-presence';
import type { QueueService } from '../../src/queue/queue.service';
import type { QueueTicker } from '../../src/queue/queue-ticker';
import { QueueGateway, queueRoomOf } from '../../src/queue/queue.gateway';

/**
 * The gateway's relay without sockets (the medium test queue-far-progress has real ones): which band rooms each
 * message goes to, and that it goes as one prepared frame written to each page's websocket (never socket.io's
 * per-socket emit), and the move of pages to a nearer band's room before the message that brings them there.
 */
const PID = 7;

interface FakeSocket {
  id: string;
  connected: boolean;
  frames: Buffer[];
  emitted: unknown[];
  conn: unknown;
  emit(event: string, payload: unknown): void;
}

function fakeSocket(id: string): FakeSocket {
  const socket: FakeSocket = {
    id,
    connected: true,
    frames: [],
    emitted: [],
    conn: null,
    emit: (event, payload) => socket.emitted.push([event, payload]),
  };
  socket.conn = {
    readyState: 'open',
    writeBuffer: [],
    transport: {
      name: 'websocket',
      socket: { readyState: 1, _sender: { sendFrame: (list: Buffer[]) => socket.frames.push(...list) } },
    },
  };
  return socket;
}

/** Just what the gateway's relay touches of socket.io's server: the rooms, the sockets, `in(ids)` to move them. */
function fakeServer(sockets: FakeSocket[]) {
  const rooms = new Map<string, Set<string>>();
  const byId = new Map(sockets.map((s) => [s.id, s]));
  return {
    rooms,
    sockets: { adapter: { rooms }, sockets: byId },
    in: (ids: string[]) => ({
      socketsLeave: (room: string) => ids.forEach((id) => rooms.get(room)?.delete(id)),
      socketsJoin: (room: string) => ids.forEach((id) => rooms.set(room, (rooms.get(room) ?? new Set()).add(id))),
    }),
  };
}

function gatewayWith(nearSeconds: number, farEvery: number, pages: [string, number][], rate: number) {
  const presence = new QueuePresence();
  const config = { QUEUE_NEAR_SECONDS: nearSeconds, QUEUE_FAR_EVERY_TICKS: farEvery } as AppConfig;
  const gateway = new QueueGateway({} as QueueService, {} as QueueTicker, presence, config);
  const sockets = pages.map(([id]) => fakeSocket(id));
  const server = fakeServer(sockets);
  gateway.server = server as never;
  // Subscribed at removed 0: the gateway's own band ends, as its subscribe handler computes them.
  const ends = (gateway as unknown as { bandEnds(r: number, a: number): number[] }).bandEnds(0, rate);
  for (const [id, ticketNo] of pages) {
    const band = presence.subscribe(id, PID, id, Number.MAX_SAFE_INTEGER, ticketNo, ends);
    const room = queueRoomOf(PID, band);
    server.rooms.set(room, (server.rooms.get(room) ?? new Set()).add(id));
  }
  const message = (removed: number): QueueProgressMessage => ({
    presentationId: PID,
    removed,
    lineLength: 1_000_000,
    admitPerMinute: rate,
    open: true,
    serverTime: 0,
  });
  return { gateway, sockets: new Map(sockets.map((s) => [s.id, s])), message };
}

describe('QueueGateway.progress: one prepared frame per message, to the bands whose tick it is', () => {
  test('at 60 a minute (a place is its seconds), over 60 messages: 60, 12, 4 and 2 frames; never an emit', () => {
    const { gateway, sockets, message } = gatewayWith(
      120,
      5,
      [
        ['near', 50],
        ['ten-minutes', 500],
        ['half-hour', 1_500],
        ['beyond', 100_000],
      ],
      60,
    );
    // removed stays 0: nobody moves, each band hears at its own cadence.
    for (let i = 0; i < 60; i++) gateway.progress(message(0));
    const counts = Object.fromEntries([...sockets].map(([id, s]) => [id, s.frames.length]));
    expect(counts).toEqual({ near: 60, 'ten-minutes': 12, 'half-hour': 4, beyond: 2 });
    for (const s of sockets.values()) {
      expect(s.emitted).toEqual([]);
      expect(s.frames[0]!.toString()).toContain('42["queue:progress",{"presentationId":7,');
    }
    // One frame built per message: every page hearing the first message got the same Buffer.
    const first = [...sockets.values()].map((s) => s.frames[0]);
    expect(new Set(first).size).toBe(1);
  });

  test('a page the line comes near to moves rooms and hears the message that brings it; then every tick', () => {
    const { gateway, sockets, message } = gatewayWith(120, 5, [['back', 2_000]], 60);
    const back = sockets.get('back')!;
    // First message: count 0, every band hears it.
    gateway.progress(message(0));
    expect(back.frames).toHaveLength(1);
    // removed 1,000: place 1,001 (band 2, every 15th): this message is count 1, not its tick.
    gateway.progress(message(1_000));
    expect(back.frames).toHaveLength(1);
    // removed 1,881: place 120, near: moved before the message, so it hears it and every one after.
    gateway.progress(message(1_881));
    gateway.progress(message(1_882));
    expect(back.frames).toHaveLength(3);
  });

  test('QUEUE_FAR_EVERY_TICKS=1: one room, every page every message', () => {
    const { gateway, sockets, message } = gatewayWith(
      120,
      1,
      [
        ['a', 5],
        ['b', 1_000_000],
      ],
      60,
    );
    for (let i = 0; i < 7; i++) gateway.progress(message(0));
    expect([...sockets.values()].map((s) => s.frames.length)).toEqual([7, 7]);
  });
});
