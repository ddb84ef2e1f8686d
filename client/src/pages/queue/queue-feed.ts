import { io, type Socket } from 'socket.io-client';
import { QueueEvents, type QueueProgressMessage } from '@hotline/shared';

/** The page says it is still open this often (the server keeps a place QUEUE_ABANDON_SECONDS without one). */
const HEARTBEAT_MS = 30_000;

/**
 * The waiting room's live feed: one socket, the queue's room, one progress message a second at most.
 * Each message is the same for everyone; the page works out its own place from it.
 */
export class QueueFeed {
  private socket: Socket | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly presentationId: number,
    private readonly visitorId: string,
    /** The newest wait ticket: each status answer renews it, and the socket must not reconnect for that. */
    private readonly ticket: () => string,
    private readonly lang: string,
    private readonly onProgress: (message: QueueProgressMessage) => void,
  ) {}

  connect(): void {
    if (this.socket) return;
    const socket = io({ path: '/socket.io', transports: ['websocket'], query: { lang: this.lang } });
    this.socket = socket;
    const hello = () => ({ presentationId: this.presentationId, visitorId: this.visitorId, ticket: this.ticket() });
    socket.on('connect', () => socket.emit(QueueEvents.Subscribe, hello()));
    socket.on(QueueEvents.Progress, (message: QueueProgressMessage) => {
      if (message.presentationId === this.presentationId) this.onProgress(message);
    });
    this.timer = setInterval(() => {
      if (socket.connected) socket.emit(QueueEvents.Heartbeat, hello());
    }, HEARTBEAT_MS);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.socket?.disconnect();
    this.socket = null;
  }
}
