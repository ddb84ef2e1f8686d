import { Inject, Optional } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { SeatErrorEvent, SeatEvents, type SeatPingAck } from '@hotline/shared';
import { toErrorResponse } from '../common/error-responder';
import { resolveLocale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { Metrics, NO_METRICS, NO_TRACING, Tracing, socketEventSpan, type SpanSpec } from '../observability';
import { AppError } from '../common/app-error';
import { SEAT_SNAPSHOT_BUDGET, SocketBudget } from '../common/rate-limit/socket-budget';
import { parseInput } from '../common/validation';
import { broadcastPrepared } from '../common/prepared-frame';
import { SeatFeed, type SeatBroadcaster } from './seat-feed.service';
import { presentationMessage, subscribeMessage } from './seats.queries';
import { socketVisitorId } from './socket-visitor';

export const roomOf = (presentationId: number): string => `p:${presentationId}`;
/** A visitor's own sockets (every tab), for messages meant for them alone (their hold ended). */
export const visitorRoomOf = (visitorId: string): string => `v:${visitorId}`;

/**
 * socket.io adapter of the live seat feed: one room per presentation (`p:<id>`).
 * Thin: it validates, hands the work to SeatFeed and does the emitting. Rooms are
 * node-local on purpose (no socket.io Redis adapter): every node receives every
 * change from Redis itself and batches for its own sockets, which is what keeps
 * the versions each socket sees contiguous (docs/seat-engine.md, multi-node).
 */
// Allowed origins are configured, not echoed: common/socket-origins.ts (the adapter app.factory installs).
/** The events' spans, made once (traces off, nothing per event but the no-op's call). */
const SUBSCRIBE_SPAN = socketEventSpan(SeatEvents.Subscribe);
const RESYNC_SPAN = socketEventSpan(SeatEvents.Resync);

@WebSocketGateway({ path: '/socket.io', perMessageDeflate: false })
export class SeatsGateway implements OnGatewayInit, OnGatewayConnection, SeatBroadcaster {
  @WebSocketServer() server: Server;

  constructor(
    private readonly feed: SeatFeed,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
    @Optional() private readonly tracing: Tracing = NO_TRACING,
  ) {}

  afterInit(): void {
    this.feed.attach(this);
    this.metrics.readOnScrape(() => [{ gauge: 'seat_feed_sockets', value: this.server?.sockets.sockets.size ?? 0 }]);
  }

  /** Every socket joins its visitor's own room (the uuid it proves like any call: auth, header, then cookie). */
  handleConnection(socket: Socket): void {
    const visitorId = socketVisitorId(socket);
    if (visitorId) void socket.join(visitorRoomOf(visitorId));
  }

  toVisitor(visitorId: string, event: string, payload: unknown): void {
    this.server?.to(visitorRoomOf(visitorId)).emit(event, payload);
  }

  /** One frame built for the room and written to each watcher (`common/prepared-frame.ts`). */
  toRoom(presentationId: number, event: string, payload: unknown): void {
    if (this.server) broadcastPrepared(this.server, [roomOf(presentationId)], event, payload);
  }

  roomSize(presentationId: number): number {
    return this.server?.sockets.adapter.rooms.get(roomOf(presentationId))?.size ?? 0;
  }

  @SubscribeMessage(SeatEvents.Subscribe)
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, SUBSCRIBE_SPAN, () => {
      this.spendSnapshotBudget(socket);
      const msg = parseInput(subscribeMessage, body, 'INVALID_BODY');
      return this.feed.subscribe(msg.presentationId, msg.version, (reply) => {
        socket.emit(reply.event, reply.payload);
        void socket.join(roomOf(msg.presentationId));
      });
    });
  }

  @SubscribeMessage(SeatEvents.Resync)
  async resync(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, RESYNC_SPAN, () => {
      this.spendSnapshotBudget(socket);
      const msg = parseInput(presentationMessage, body, 'INVALID_BODY');
      return this.feed.subscribe(msg.presentationId, undefined, (reply) => {
        socket.emit(reply.event, reply.payload);
        void socket.join(roomOf(msg.presentationId));
      });
    });
  }

  /** Heartbeat: answered through the acknowledgement, so a silent dead connection shows within seconds. */
  @SubscribeMessage(SeatEvents.Ping)
  ping(): SeatPingAck {
    return { ok: true };
  }

  @SubscribeMessage(SeatEvents.Unsubscribe)
  unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): void {
    const parsed = presentationMessage.safeParse(body);
    if (parsed.success) void socket.leave(roomOf(parsed.data.presentationId));
  }

  /** Subscribe and resync may answer a whole snapshot: a few per socket per window, then TOO_MANY_REQUESTS. */
  private spendSnapshotBudget(socket: Socket): void {
    const data = socket.data as { snapshotBudget?: SocketBudget };
    data.snapshotBudget ??= new SocketBudget(SEAT_SNAPSHOT_BUDGET.limit, SEAT_SNAPSHOT_BUDGET.windowMs);
    const wait = data.snapshotBudget.take(Date.now());
    if (wait !== null) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: wait });
  }

  /** An event's work, the root of its own trace (traces on), its refusal or failure answered as `seats:error`. */
  private async serve(socket: Socket, span: SpanSpec, work: () => Promise<void>): Promise<void> {
    try {
      await this.tracing.root(span, work);
    } catch (error) {
      const locale = resolveLocale(socket.handshake.query, socket.handshake.headers['accept-language']);
      const response = toErrorResponse(error, locale);
      if (response.unexpected) this.logger.error({ err: error }, 'seat socket handler failed');
      socket.emit(SeatErrorEvent, response.body);
    }
  }
}
