import { io, type Socket } from 'socket.io-client';
import { ReportsChangedEvent, STAFF_NAMESPACE, STAFF_SOCKET_PATH } from '@hotline/shared';

type Listener = () => void;

const listeners = new Set<Listener>();
let socket: Socket | null = null;

/**
 * The back office's live channel (server: backoffice/reports-live.gateway.ts): told when seats of one of the staff
 * member's businesses change, an open report asks again at once instead of waiting for its next poll. One socket
 * for every open report, opened with the first listener and closed with the last; the staff session cookie
 * (SameSite=Strict, same site) authenticates it. Without it (signed out, no permission) the server disconnects and
 * the reports simply keep polling.
 */
export function onReportsChanged(listener: Listener): () => void {
  listeners.add(listener);
  if (!socket) {
    socket = io(STAFF_NAMESPACE, { path: STAFF_SOCKET_PATH, transports: ['websocket'], withCredentials: true });
    socket.on(ReportsChangedEvent, () => {
      for (const l of listeners) l();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && socket) {
      socket.disconnect();
      socket = null;
    }
  };
}
