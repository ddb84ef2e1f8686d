import type { io as connectSocket, Socket } from 'socket.io-client';
import {
  HoldEndedEvent,
  SeatErrorEvent,
  SeatEvents,
  type HoldEndedMessage,
  type SeatDeltaMessage,
  type SeatSnapshotMessage,
} from '@hotline/shared';
import { storedVisitorId } from '../../api/identity';
import { HEARTBEAT, HeartbeatState } from './heartbeat';

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
  /** The server says this visitor's own hold ended (sent to their sockets only). */
  onHoldEnded?: (msg: HoldEndedMessage) => void;
}

export class LiveFeed {
  private socket: Socket | null = null;
  /** connect() was called (the client library may still be on its way); close() clears it. */
  private wanted = false;
  private readonly heartbeat = new HeartbeatState();
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private reported: boolean | null = null;
  private readonly onOffline = () => {
    this.heartbeat.disconnected();
    this.report();
  };
  private readonly onOnline = () => this.ping();

  constructor(
    private readonly presentationId: number,
    private readonly handlers: FeedHandlers,
    private readonly lang: string,
  ) {}

  /**
   * Joins the room. The socket.io client (11 kB) is fetched here, once the map is on screen, not with the page: the
   * first frame does not need it, and the subscription starts from the statuses' version, so nothing is missed.
   */
  connect(): void {
    if (this.wanted) return;
    this.wanted = true;
    void import('socket.io-client').then((client) => {
      if (this.wanted && !this.socket) this.open(client.io);
    });
  }

  private open(io: typeof connectSocket): void {
    const socket = io({
      path: '/socket.io',
      transports: ['websocket'],
      query: { lang: this.lang },
      // Who we are, as on every call: the server sends "your hold ended" to this visitor's sockets only.
      auth: (cb) => cb({ uuid: storedVisitorId() ?? undefined }),
      reconnectionDelayMax: 5000,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.heartbeat.connected();
      this.report();
      socket.emit(SeatEvents.Subscribe, {
        presentationId: this.presentationId,
        version: this.handlers.version() || undefined,
      });
    });
    socket.on('disconnect', () => {
      this.heartbeat.disconnected();
      this.report();
    });
    socket.on(SeatEvents.Delta, (msg: SeatDeltaMessage) => this.handlers.onDelta(msg));
    socket.on(SeatEvents.Snapshot, (msg: SeatSnapshotMessage) => this.handlers.onSnapshot(msg));
    socket.on(HoldEndedEvent, (msg: HoldEndedMessage) => this.handlers.onHoldEnded?.(msg));
    socket.on(SeatErrorEvent, () => {
      // The server could not serve the subscription; ask for a full snapshot once more shortly.
      setTimeout(() => this.resync(), 2000);
    });
    this.heartbeatTimer = setInterval(() => this.ping(), HEARTBEAT.intervalMs);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
  }

  /** One heartbeat: the server acknowledges, or after the timeout the badge stops saying "Live". */
  private ping(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    socket.timeout(HEARTBEAT.timeoutMs).emit(SeatEvents.Ping, (err: Error | null) => {
      if (this.socket !== socket) return;
      if (this.heartbeat.pingResult(!err)) {
        // socket.io still believes in this connection; it is not coming back by itself. Start over
        // (the 'connect' handler subscribes again with our version, which heals any gap).
        socket.disconnect();
        socket.connect();
      }
      this.report();
    });
  }

  private report(): void {
    const live = this.heartbeat.live;
    if (live === this.reported) return;
    this.reported = live;
    this.handlers.onConnection(live);
  }

  /** A gap in the versions: ask for a snapshot (keeping the old state until it arrives). */
  resync(): void {
    this.socket?.emit(SeatEvents.Resync, { presentationId: this.presentationId });
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  close(): void {
    this.wanted = false;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    if (!this.socket) return;
    this.socket.emit(SeatEvents.Unsubscribe, { presentationId: this.presentationId });
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
  }
}
