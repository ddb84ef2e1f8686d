/**
 * A room broadcast as the exact bytes every websocket watcher receives, built once per broadcast instead of once per
 * socket, and written to each socket in one write.
 *
 * socket.io already encodes a room broadcast once, but then walks engine.io's per-socket machinery for every watcher
 * (a packet object, four events, a transport send, and ws's corked two-buffer write: one `writev` per socket). On a
 * seat map with thousands of watchers that per-socket walk is the delta's cost (`docs/scaling.md`, `C_delta`).
 * Here the frame is the wire format of the protocols, not of a library: engine.io v4 "message" (`4`) carrying a
 * socket.io v5 EVENT (`2`) on the main namespace, inside one unmasked RFC 6455 text frame.
 */
export function socketIoEventFrame(event: string, payload: unknown): Buffer {
  return websocketTextFrame(Buffer.from(`42${JSON.stringify([event, payload])}`));
}

/** RFC 6455 §5.2: FIN + text opcode, server-to-client (never masked), 7-bit, 16-bit or 64-bit payload length. */
export function websocketTextFrame(data: Buffer): Buffer {
  const length = data.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  data.copy(frame, headerLength);
  return frame;
}

/** What of engine.io's socket this reads: its public state and its websocket transport's ws sender. */
interface EngineConnection {
  readyState: string;
  upgrading?: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    perMessageDeflate?: unknown;
    socket?: { readyState?: number; _sender?: { sendFrame?: (list: Buffer[], cb?: () => void) => void } };
  };
}

/**
 * Writes a prepared frame straight to a watcher's websocket, or answers false when that would not be the same as
 * socket.io sending it: not a plain websocket (long polling, an upgrade under way, compression), or engine.io still
 * holds packets for this socket that the frame would overtake. A false sends the message the ordinary way.
 *
 * Ordering holds because ws writes unmasked, uncompressed frames synchronously (engine.io's own pre-encoded path
 * calls the same `sendFrame`): anything sent before is already in the TCP socket's queue ahead of this frame.
 */
export function writePreparedFrame(connection: unknown, frame: Buffer): boolean {
  const conn = connection as EngineConnection;
  if (conn.readyState !== 'open' || conn.upgrading || conn.writeBuffer.length > 0) return false;
  const transport = conn.transport;
  if (transport.name !== 'websocket' || transport.perMessageDeflate) return false;
  const ws = transport.socket;
  const sendFrame = ws?._sender?.sendFrame;
  if (ws?.readyState !== 1 || typeof sendFrame !== 'function') return false;
  sendFrame.call(ws._sender, [frame]);
  return true;
}

/** The part of socket.io's server a room broadcast reads (the default namespace's rooms and sockets). */
interface RoomServer {
  sockets: {
    adapter: { rooms: Map<string, Set<string>> };
    sockets: Map<string, { connected: boolean; conn: unknown; emit(event: string, payload: unknown): unknown }>;
  };
}

/**
 * `server.to(rooms).emit(event, payload)` with the frame built once and written once per websocket watcher
 * (`writePreparedFrame`); a socket in two of the rooms hears it once, as with socket.io. Node-local, like the rooms.
 */
export function broadcastPrepared(server: RoomServer, rooms: readonly string[], event: string, payload: unknown): void {
  const all = server.sockets.adapter.rooms;
  const members = rooms.map((room) => all.get(room)).filter((m): m is Set<string> => m !== undefined && m.size > 0);
  if (members.length === 0) return;
  const frame = socketIoEventFrame(event, payload);
  const sockets = server.sockets.sockets;
  const seen = members.length > 1 ? new Set<string>() : null;
  for (const room of members) {
    for (const id of room) {
      if (seen) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      const socket = sockets.get(id);
      if (socket?.connected && !writePreparedFrame(socket.conn, frame)) socket.emit(event, payload);
    }
  }
}
