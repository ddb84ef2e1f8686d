import { io, type Socket } from 'socket.io-client';
import { QueueEvents, type QueueProgressMessage } from '@hotline/shared';

/**
 * The waiting room's live feed: one socket, the queue's room, one progress message a second at most (near the
 * head; farther back every few seconds, shared progressBands).
 * Each message is the same for everyone; the page works out its own place from it.
 * The subscription (sent again on every reconnect) is all the page sends: while the socket stays open the
 * server node it is connected to keeps the place (server/src/queue/queue-seen-refresh.ts). The page used to
 * send a heartbeat every 30 s, which at a million pages cost the servers about 27 cores (docs/scaling.md).
 */
export class QueueFeed {
  private socket: Socket | null = null;

  constructor(
    private readonly presentationId: number,
    private readonly visitorId: string,
    /** The newest wait ticket: each status answer renews it, and the socket must not reconnect for that. */
    private readonly ticket: () => string,
    private readonly lang: string,
    private readonly onProgress: (message: QueueProgressMessage) => void,
    /** The socket is up and the subscription sent: the page's band's first message is on its way from now. */
    private readonly onSubscribed: () => void = () => undefined,
  ) {}

  connect(): void {
    if (this.socket) return;
    const socket = io({ path: '/socket.io', transports: ['websocket'], query: { lang: this.lang } });
    this.socket = socket;
    const hello = () => ({ presentationId: this.presentationId, visitorId: this.visitorId, ticket: this.ticket() });
    socket.on('connect', () => {
      socket.emit(QueueEvents.Subscribe, hello());
      this.onSubscribed();
    });
    socket.on(QueueEvents.Progress, (message: QueueProgressMessage) => {
      if (message.presentationId === this.presentationId) this.onProgress(message);
    });
  }

  close(): void {
    this.socket?.disconnect();
    this.socket = null;
  }
}
