/**
 * The Live badge's honesty: socket.io's own ping runs every 45 s with a 15 s timeout (the server's
 * SOCKET_PING_INTERVAL_MS and SOCKET_PING_TIMEOUT_MS), so a connection that died without a close (Wi-Fi gone, laptop
 * lid, a proxy dropping the socket) would keep saying "Live" for up to a minute.
 * The feed pings the server every `intervalMs` and expects the acknowledgement within `timeoutMs`.
 *
 * Pure state: the feed reports each ping's outcome and the socket's own events; this answers what the badge shows and
 * when to tear the socket down and reconnect (after `reconnectAfter` missed pings in a row, a connection socket.io
 * still believes in is not coming back by itself).
 */
export const HEARTBEAT = { intervalMs: 2000, timeoutMs: 2500, reconnectAfter: 2 } as const;

export class HeartbeatState {
  private socketUp = false;
  private missed = 0;

  constructor(private readonly reconnectAfter: number = HEARTBEAT.reconnectAfter) {}

  /** The socket connected (or reconnected): live until a ping says otherwise. */
  connected(): void {
    this.socketUp = true;
    this.missed = 0;
  }

  /** The socket closed, or the browser went offline. */
  disconnected(): void {
    this.socketUp = false;
  }

  /** A ping was answered (ok) or timed out. Returns true when the caller should force a reconnect. */
  pingResult(ok: boolean): boolean {
    if (ok) {
      this.missed = 0;
      return false;
    }
    this.missed++;
    if (this.missed >= this.reconnectAfter) {
      this.missed = 0;
      this.socketUp = false;
      return true;
    }
    return false;
  }

  /** What the badge says: live only with the socket up and the last ping answered. */
  get live(): boolean {
    return this.socketUp && this.missed === 0;
  }
}
