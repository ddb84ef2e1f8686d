import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { SocketHeartbeat } from './socket-heartbeat';

/**
 * Browser origins allowed to open the seat socket: ALLOWED_ORIGINS, else PUBLIC_BASE_URL's
 * origin, else null = same host only (development and tests, where the page and the API
 * share one origin). Never "whatever the request says" (the old `origin: true` echoed it).
 */
export function allowedOrigins(config: Pick<AppConfig, 'ALLOWED_ORIGINS' | 'PUBLIC_BASE_URL'>): string[] | null {
  if (config.ALLOWED_ORIGINS) {
    return config.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean);
  }
  if (config.PUBLIC_BASE_URL) return [new URL(config.PUBLIC_BASE_URL).origin];
  return null;
}

/** Whether a handshake may proceed: no Origin (not a browser), a listed origin, or the request's own host. */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: string[] | null): boolean {
  if (!origin) return true;
  if (allowed) return allowed.includes(origin);
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Each socket.io server's heartbeat (tests run a round by hand). */
const heartbeats = new WeakMap<object, SocketHeartbeat>();
export const socketHeartbeatOf = (engine: object): SocketHeartbeat | undefined => heartbeats.get(engine);

/** socket.io's options as the Nest adapter's own copy of socket.io types them. */
type ServerOptions = NonNullable<Parameters<IoAdapter['createIOServer']>[1]>;

/**
 * socket.io with the configured origins (CORS for the listed ones and a handshake check for every transport) and the
 * configured heartbeat (SOCKET_PING_INTERVAL_MS / SOCKET_PING_TIMEOUT_MS: every page learns them in its handshake),
 * kept by one timer per server for all its sockets (common/socket-heartbeat.ts) instead of two per socket.
 */
export class ConfiguredIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: Pick<
      AppConfig,
      'ALLOWED_ORIGINS' | 'PUBLIC_BASE_URL' | 'SOCKET_PING_INTERVAL_MS' | 'SOCKET_PING_TIMEOUT_MS'
    >,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): ReturnType<IoAdapter['createIOServer']> {
    const allowed = allowedOrigins(this.config);
    const origins = {
      cors: allowed ? { origin: allowed, credentials: true } : undefined,
      // WebSocket upgrades skip CORS entirely: the handshake itself checks the Origin header.
      allowRequest: (request: IncomingMessage, callback: (err: string | null | undefined, ok: boolean) => void) => {
        callback(null, originAllowed(request.headers.origin, request.headers.host, allowed));
      },
    };
    const heartbeat = {
      pingInterval: this.config.SOCKET_PING_INTERVAL_MS,
      pingTimeout: this.config.SOCKET_PING_TIMEOUT_MS,
    };
    const server = super.createIOServer(port, Object.assign({}, options, origins, heartbeat) as ServerOptions);
    const keeper = new SocketHeartbeat(heartbeat.pingInterval, heartbeat.pingTimeout);
    heartbeats.set(server.engine, keeper);
    server.engine.on('connection', (connection: unknown) => keeper.take(connection));
    keeper.start();
    server.httpServer?.once('close', () => keeper.stop());
    return server;
  }
}
