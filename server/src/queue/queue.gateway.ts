import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { OnGatewayDisconnect, OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { QueueEvents, type QueueProgressMessage } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { toErrorResponse } from '../common/error-responder';
import { resolveLocale } from '../common/locale';
import { dbId } from '../common/ids';
import { SocketBudget } from '../common/rate-limit/socket-budget';
import { QueuePresence } from './queue-presence';
import { QueueService } from './queue.service';
import { QueueTicker, type QueueBroadcaster } from './queue-ticker';

export const queueRoomOf = (presentationId: number): string => `queue:${presentationId}`;

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
 * The waiting room's live feed: one node-local socket.io room per queue (`queue:<id>`), one
 * progress message per tick (at most once a second), the same for every visitor: each computes
 * its own place from `removed`, so a position update costs one broadcast per queue, not one
 * message per visitor. A subscription proves the place with its wait ticket; from then on this node keeps
 * the place while the socket is open (QueuePresence, refreshed by queue-seen-refresh.ts), so the page sends
 * nothing more. The heartbeat handler stays for pages loaded before that (open in browsers across a deploy).
 */
@WebSocketGateway({ path: '/socket.io', perMessageDeflate: false })
export class QueueGateway implements OnGatewayInit, OnGatewayDisconnect, QueueBroadcaster {
  @WebSocketServer() server: Server;

  constructor(
    private readonly queue: QueueService,
    private readonly ticker: QueueTicker,
    private readonly presence: QueuePresence,
  ) {}

  afterInit(): void {
    this.ticker.attach(this);
  }

  progress(message: QueueProgressMessage): void {
    this.server.to(queueRoomOf(message.presentationId)).emit(QueueEvents.Progress, message);
  }

  /** Every socket of the server passes here (the seat feed's too); only a queue subscriber has anything to forget. */
  handleDisconnect(socket: Socket): void {
    this.presence.forget(socket.id);
  }

  @SubscribeMessage(QueueEvents.Subscribe)
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, body, (presentationId, visitorId, until) => {
      // Gone while its ticket was checked: handleDisconnect has run already, so remembering it now would keep the
      // place of a closed page for good.
      if (socket.disconnected) return;
      // One socket watches one place: moving to another presentation leaves the old room and the old place.
      const before = this.presence.presentationOf(socket.id);
      if (before !== undefined && before !== presentationId) void socket.leave(queueRoomOf(before));
      this.presence.subscribe(socket.id, presentationId, visitorId, until);
      void socket.join(queueRoomOf(presentationId));
    });
  }

  /** Pages loaded before the node kept places still send this every 30 s: it marks the place seen, as it did. */
  @SubscribeMessage(QueueEvents.Heartbeat)
  async heartbeat(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, body, () => undefined);
  }

  private async serve(
    socket: Socket,
    body: unknown,
    then: (presentationId: number, visitorId: string, until: number) => void,
  ): Promise<void> {
    try {
      const data = socket.data as { queueBudget?: SocketBudget };
      data.queueBudget ??= new SocketBudget(SOCKET_BUDGET.limit, SOCKET_BUDGET.windowMs);
      const wait = data.queueBudget.take(Date.now());
      if (wait !== null) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: wait });
      const parsed = subscribeMessage.safeParse(body);
      if (!parsed.success) throw new AppError('INVALID_BODY', { details: 'presentationId, visitorId, ticket' });
      const m = parsed.data;
      const visitorId = m.visitorId.toLowerCase();
      const until = await this.queue.heartbeat(m.presentationId, m.ticket, visitorId);
      if (until === null) throw new AppError('QUEUE_TICKET_INVALID');
      then(m.presentationId, visitorId, until);
    } catch (error) {
      const locale = resolveLocale(socket.handshake.query, socket.handshake.headers['accept-language']);
      socket.emit(QueueEvents.Error, toErrorResponse(error, locale).body);
    }
  }
}
