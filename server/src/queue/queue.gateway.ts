import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { OnGatewayDisconnect, OnGatewayInit } from '@nestjs/websockets';
import { Inject, Optional } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { progressBands, QueueEvents, type ProgressBand, type QueueProgressMessage } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { toErrorResponse } from '../common/error-responder';
import { resolveLocale } from '../common/locale';
import { dbId } from '../common/ids';
import { broadcastPrepared } from '../common/prepared-frame';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NO_TRACING, Tracing, socketEventSpan, type SpanSpec } from '../observability';
import { SocketBudget } from '../common/rate-limit/socket-budget';
import { farFrom, QueuePresence, type Band, type BandMove } from './queue-presence';
import { QueueService, type HeldPlace } from './queue.service';
import { QueueTicker, type QueueBroadcaster } from './queue-ticker';

/** A queue's node-local room for the pages of one progress band (0: near, every tick; shared progressBands). */
export const queueRoomOf = (presentationId: number, band: Band): string =>
  band === 0 ? `queue:${presentationId}:near` : `queue:${presentationId}:far${band}`;

const subscribeMessage = z.object({
  presentationId: dbId,
  visitorId: z.string().uuid(),
  ticket: z.string().min(1).max(400),
});

/**
 * Subscriptions and heartbeats per socket: a page subscribes once per connection (pages loaded before the node
 * kept places sent a heartbeat every 30 s); anything far above is a script.
 */
const SOCKET_BUDGET = { limit: 20, windowMs: 60_000 };

/**
 * The waiting room's live feed: per queue a node-local socket.io room per progress band (`queue:<id>:near`, `:far1`..).
 * One progress message per tick (at most once a second), the same for every visitor: each computes its own place
 * from `removed`, so a position update costs one prepared frame per queue (common/prepared-frame.ts), not one message
 * per visitor. The pages are in progress bands by how far they are from their turn (shared progressBands, a room
 * each): near pages (a place within QUEUE_NEAR_SECONDS of admissions at the rate, or no number) get every message,
 * then every QUEUE_FAR_EVERY_TICKS-th up to ten minutes, 3x as rarely up to half an hour, 6x beyond: at a million
 * waiting pages the every-second message to all was 35 of the on-sale's 57 server cores (docs/scaling.md), and a
 * page far back learns nothing from it each second that its countdown does not already show. Before each message,
 * the pages the line has come nearer to (or that this very message admits) move to their nearer band, so no page
 * hears of its admission later than before.
 * A subscription proves the place with its wait ticket; from then on this node keeps
 * the place while the socket is open (QueuePresence, refreshed by queue-seen-refresh.ts), so the page sends
 * nothing more. The heartbeat handler stays for pages loaded before that (open in browsers across a deploy).
 */
/** The events' spans, made once (traces off, nothing per event but the no-op's call). */
const SUBSCRIBE_SPAN = socketEventSpan(QueueEvents.Subscribe);
const HEARTBEAT_SPAN = socketEventSpan(QueueEvents.Heartbeat);

@WebSocketGateway({ path: '/socket.io', perMessageDeflate: false })
export class QueueGateway implements OnGatewayInit, OnGatewayDisconnect, QueueBroadcaster {
  @WebSocketServer() server: Server;
  /** Per queue, messages relayed on this node modulo the farthest band's cadence: a band hears when it divides it. */
  private readonly relayed = new Map<number, number>();
  private readonly bands: ProgressBand[];

  constructor(
    private readonly queue: QueueService,
    private readonly ticker: QueueTicker,
    private readonly presence: QueuePresence,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly tracing: Tracing = NO_TRACING,
  ) {
    this.bands = progressBands(config.QUEUE_NEAR_SECONDS, config.QUEUE_FAR_EVERY_TICKS);
  }

  /** Per band, the first number beyond it when `removed` have left the head at this rate. */
  private bandEnds(removed: number, admitPerMinute: number): number[] {
    return this.bands.map((b) => farFrom(removed, admitPerMinute, b.upToSeconds));
  }

  afterInit(): void {
    this.ticker.attach(this);
  }

  progress(message: QueueProgressMessage): void {
    const id = message.presentationId;
    // First the pages this message brings nearer (or admits): they hear it, and their new band's ticks from now on.
    this.move(id, this.presence.advance(id, this.bandEnds(message.removed, message.admitPerMinute)));
    // The phase is this node's own: which tick a band hears matters to nobody, only that it is one in its N. The
    // cadences divide the farthest one (1, F, 3F, 6F), so counting modulo it gives each band its own.
    const cycle = this.bands.at(-1)!.everyTicks;
    const count = ((this.relayed.get(id) ?? -1) + 1) % cycle;
    this.relayed.set(id, count);
    const rooms: string[] = [];
    for (const [band, { everyTicks }] of this.bands.entries())
      if (count % everyTicks === 0) rooms.push(queueRoomOf(id, band));
    broadcastPrepared(this.server, rooms, QueueEvents.Progress, message);
  }

  /** Each moved socket leaves its old band's room for its new one, a socket.io call per pair of rooms. */
  private move(presentationId: number, moves: readonly BandMove[]): void {
    const byRooms = new Map<string, string[]>();
    for (const m of moves) {
      const key = `${m.from}>${m.to}`;
      const ids = byRooms.get(key);
      if (ids) ids.push(m.socketId);
      else byRooms.set(key, [m.socketId]);
    }
    for (const [key, ids] of byRooms) {
      const [from, to] = key.split('>').map(Number) as [Band, Band];
      this.server.in(ids).socketsLeave(queueRoomOf(presentationId, from));
      this.server.in(ids).socketsJoin(queueRoomOf(presentationId, to));
    }
  }

  /** Every socket of the server passes here (the seat feed's too); only a queue subscriber has anything to forget. */
  handleDisconnect(socket: Socket): void {
    this.presence.forget(socket.id);
  }

  @SubscribeMessage(QueueEvents.Subscribe)
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, SUBSCRIBE_SPAN, body, (presentationId, visitorId, held) => {
      // Gone while its ticket was checked: handleDisconnect has run already, so remembering it now would keep the
      // place of a closed page for good.
      if (socket.disconnected) return;
      // One socket watches one place: moving to another presentation (or subscribing again) leaves the old rooms and
      // the old place.
      const before = this.presence.presentationOf(socket.id);
      if (before !== undefined) for (const band of this.bands.keys()) void socket.leave(queueRoomOf(before, band));
      const band = this.presence.subscribe(
        socket.id,
        presentationId,
        visitorId,
        held.until,
        held.ticketNo,
        this.bandEnds(held.removed, held.admitPerMinute),
      );
      void socket.join(queueRoomOf(presentationId, band));
    });
  }

  /** Pages loaded before the node kept places still send this every 30 s: it marks the place seen, as it did. */
  @SubscribeMessage(QueueEvents.Heartbeat)
  async heartbeat(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, HEARTBEAT_SPAN, body, () => undefined);
  }

  /** An event's work, the root of its own trace (traces on), its refusal answered as `queue:error`. */
  private async serve(
    socket: Socket,
    span: SpanSpec,
    body: unknown,
    then: (presentationId: number, visitorId: string, held: HeldPlace) => void,
  ): Promise<void> {
    try {
      await this.tracing.root(span, async () => {
        const data = socket.data as { queueBudget?: SocketBudget };
        data.queueBudget ??= new SocketBudget(SOCKET_BUDGET.limit, SOCKET_BUDGET.windowMs);
        const wait = data.queueBudget.take(Date.now());
        if (wait !== null) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: wait });
        const parsed = subscribeMessage.safeParse(body);
        if (!parsed.success) throw new AppError('INVALID_BODY', { details: 'presentationId, visitorId, ticket' });
        const m = parsed.data;
        const visitorId = m.visitorId.toLowerCase();
        const held = await this.queue.heartbeat(m.presentationId, m.ticket, visitorId);
        if (held === null) throw new AppError('QUEUE_TICKET_INVALID');
        then(m.presentationId, visitorId, held);
      });
    } catch (error) {
      const locale = resolveLocale(socket.handshake.query, socket.handshake.headers['accept-language']);
      socket.emit(QueueEvents.Error, toErrorResponse(error, locale).body);
    }
  }
}
