import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { QueueEvents, type QueueProgressMessage } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { toErrorResponse } from '../common/error-responder';
import { resolveLocale } from '../common/locale';
import { dbId } from '../common/ids';
import { SocketBudget } from '../common/rate-limit/socket-budget';
import { QueueService } from './queue.service';
import { QueueTicker, type QueueBroadcaster } from './queue-ticker';

export const queueRoomOf = (presentationId: number): string => `queue:${presentationId}`;

const subscribeMessage = z.object({
  presentationId: dbId,
  visitorId: z.string().uuid(),
  ticket: z.string().min(1).max(400),
});

/** Subscriptions and heartbeats per socket: a page sends one every 30 s; anything far above is a script. */
const SOCKET_BUDGET = { limit: 20, windowMs: 60_000 };

/**
 * The waiting room's live feed: one node-local socket.io room per queue (`queue:<id>`), one
 * progress message per tick (at most once a second), the same for every visitor: each computes
 * its own place from `removed`, so a position update costs one broadcast per queue, not one
 * message per visitor. A subscription (and each heartbeat) proves the place with its wait ticket
 * and keeps it while the page is open.
 */
@WebSocketGateway({ path: '/socket.io', perMessageDeflate: false })
export class QueueGateway implements OnGatewayInit, QueueBroadcaster {
  @WebSocketServer() server: Server;

  constructor(
    private readonly queue: QueueService,
    private readonly ticker: QueueTicker,
  ) {}

  afterInit(): void {
    this.ticker.attach(this);
  }

  progress(message: QueueProgressMessage): void {
    this.server.to(queueRoomOf(message.presentationId)).emit(QueueEvents.Progress, message);
  }

  @SubscribeMessage(QueueEvents.Subscribe)
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, body, (presentationId) => void socket.join(queueRoomOf(presentationId)));
  }

  @SubscribeMessage(QueueEvents.Heartbeat)
  async heartbeat(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<void> {
    await this.serve(socket, body, () => undefined);
  }

  private async serve(socket: Socket, body: unknown, then: (presentationId: number) => void): Promise<void> {
    try {
      const data = socket.data as { queueBudget?: SocketBudget };
      data.queueBudget ??= new SocketBudget(SOCKET_BUDGET.limit, SOCKET_BUDGET.windowMs);
      const wait = data.queueBudget.take(Date.now());
      if (wait !== null) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: wait });
      const parsed = subscribeMessage.safeParse(body);
      if (!parsed.success) throw new AppError('INVALID_BODY', { details: 'presentationId, visitorId, ticket' });
      const m = parsed.data;
      if (!(await this.queue.heartbeat(m.presentationId, m.ticket, m.visitorId.toLowerCase())))
        throw new AppError('QUEUE_TICKET_INVALID');
      then(m.presentationId);
    } catch (error) {
      const locale = resolveLocale(socket.handshake.query, socket.handshake.headers['accept-language']);
      socket.emit(QueueEvents.Error, toErrorResponse(error, locale).body);
    }
  }
}
