import { io, type Socket } from 'socket.io-client';
import { SeatErrorEvent, SeatEvents, type SeatDeltaMessage, type SeatSnapshotMessage } from '@hotline/shared';

/**
 * The presentation's live seat room (socket.io). Subscribes with the version
 * the page already holds, so the server answers with what changed since (or a
 * snapshot); on reconnect it subscribes again with the current version, which
 * is how gaps from a dropped connection heal. Handlers run outside React.
 */
export interface FeedHandlers {
  version: () => number;
  onDelta: (msg: SeatDeltaMessage) => void;
  onSnapshot: (msg: SeatSnapshotMessage) => void;
  onConnection: (connected: boolean) => void;
}

export class LiveFeed {
  private socket: Socket | null = null;

  constructor(
    private readonly presentationId: number,
    private readonly handlers: FeedHandlers,
    private readonly lang: string,
  ) {}

  connect(): void {
    if (this.socket) return;
    const socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      query: { lang: this.lang },
      reconnectionDelayMax: 5000,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.handlers.onConnection(true);
      socket.emit(SeatEvents.Subscribe, {
        presentationId: this.presentationId,
        version: this.handlers.version() || undefined,
      });
    });
    socket.on('disconnect', () => this.handlers.onConnection(false));
    socket.on(SeatEvents.Delta, (msg: SeatDeltaMessage) => this.handlers.onDelta(msg));
    socket.on(SeatEvents.Snapshot, (msg: SeatSnapshotMessage) => this.handlers.onSnapshot(msg));
    socket.on(SeatErrorEvent, () => {
      // The server could not serve the subscription; ask for a full snapshot once more shortly.
      setTimeout(() => this.resync(), 2000);
    });
  }

  /** A gap in the versions: ask for a snapshot (keeping the old state until it arrives). */
  resync(): void {
    this.socket?.emit(SeatEvents.Resync, { presentationId: this.presentationId });
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  close(): void {
    if (!this.socket) return;
    this.socket.emit(SeatEvents.Unsubscribe, { presentationId: this.presentationId });
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
  }
}
