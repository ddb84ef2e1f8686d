/**
 * engine.io's heartbeat with one timer per node instead of two per socket.
 *
 * engine.io pings each socket on a timer of its own, set when the socket opened and re-armed by its answer, and arms a
 * second timer per ping for the answer. At a waiting room's density (pages that otherwise hear a message every 5 to
 * 30 s) each ping is then its own wake of the node: the timer, a write, and later the answer's read. On a bare
 * socket.io node with 3,000 idle sockets that came to 69 µs per ping against 12.5 µs when the same pings went out
 * together (decision 050): the writes share one turn of the event loop and the answers arrive together.
 *
 * So the node pings every socket of an engine at once every `intervalMs` and, `timeoutMs` later, closes those that
 * have not answered ("ping timeout", as engine.io would). The page sees the same protocol: a ping at least every
 * `intervalMs`, the figures its handshake gave it, and it answers as before. Reads engine.io internals (its socket's
 * ping timers and `onClose`), like common/prepared-frame.ts: `take` answers false when a socket does not have them,
 * and the socket then keeps engine.io's own heartbeat.
 */

/** What of engine.io's socket this reads (engine.io 6, protocol 4: the server pings). */
interface EngineSocket {
  protocol: number;
  readyState: string;
  pingIntervalTimer: NodeJS.Timeout | null;
  pingTimeoutTimer: NodeJS.Timeout | null;
  schedulePing: () => void;
  sendPacket(type: 'ping'): void;
  onClose(reason: string): void;
  on(event: 'heartbeat' | 'close', listener: () => void): unknown;
}

export class SocketHeartbeat {
  private readonly sockets = new Set<EngineSocket>();
  /** Pinged in the last round and not answered yet. */
  private readonly awaiting = new Set<EngineSocket>();
  private roundTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly timeoutMs: number,
  ) {}

  /** Starts the node's one timer (unref'd: it never keeps a process alive). */
  start(): void {
    this.roundTimer ??= setInterval(() => {
      this.round();
      this.checkTimer = setTimeout(() => this.check(), this.timeoutMs);
      this.checkTimer.unref();
    }, this.intervalMs);
    this.roundTimer.unref();
  }

  stop(): void {
    if (this.roundTimer) clearInterval(this.roundTimer);
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.roundTimer = null;
    this.checkTimer = null;
  }

  /**
   * A socket engine.io has just opened (and armed its own ping timer for): its heartbeat is now this node's.
   * Answers false, leaving engine.io's heartbeat in place, for a socket this does not know how to take over.
   */
  take(connection: unknown): boolean {
    const socket = connection as EngineSocket;
    if (
      socket.protocol !== 4 ||
      typeof socket.schedulePing !== 'function' ||
      typeof socket.onClose !== 'function' ||
      typeof socket.sendPacket !== 'function' ||
      !('pingIntervalTimer' in socket)
    )
      return false;
    if (socket.pingIntervalTimer) clearTimeout(socket.pingIntervalTimer);
    // null, not a cleared timer: engine.io refreshes it on every answer, which would arm a cleared one again.
    socket.pingIntervalTimer = null;
    socket.schedulePing = () => undefined;
    this.sockets.add(socket);
    socket.on('heartbeat', () => this.awaiting.delete(socket));
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.awaiting.delete(socket);
    });
    return true;
  }

  /** Pings every open socket, in one turn. */
  round(): void {
    for (const socket of this.sockets) {
      if (socket.readyState !== 'open') continue;
      this.awaiting.add(socket);
      socket.sendPacket('ping');
    }
  }

  /** Closes the sockets that have not answered the last round's ping, as engine.io's own timeout does. */
  check(): void {
    const late = [...this.awaiting];
    this.awaiting.clear();
    for (const socket of late) if (socket.readyState !== 'closed') socket.onClose('ping timeout');
  }

  /** How many sockets this heartbeat keeps, and how many of them owe an answer to the last round (tests). */
  counts(): { sockets: number; unanswered: number } {
    return { sockets: this.sockets.size, unanswered: this.awaiting.size };
  }
}
