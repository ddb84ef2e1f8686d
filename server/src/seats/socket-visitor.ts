import type { Socket } from 'socket.io';
import { isVisitorId, readCookie, VISITOR_COOKIE } from '../common/visitor-identity';

/**
 * The visitor a socket speaks for, proved like on every REST call (storefront-spec.md section 4): the `uuid`
 * it sends (socket.io `auth`, then the `uuid` header), else the `uuid` cookie. Null when none is valid: such a
 * socket still gets the public seat feed, only nothing meant for one visitor.
 */
export function socketVisitorId(socket: Socket): string | null {
  const auth = (socket.handshake.auth as Record<string, unknown> | undefined)?.uuid;
  if (isVisitorId(auth)) return auth.toLowerCase();
  const header = socket.handshake.headers.uuid;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (isVisitorId(fromHeader)) return fromHeader.toLowerCase();
  const cookie = readCookie(socket.handshake.headers.cookie, VISITOR_COOKIE);
  return isVisitorId(cookie) ? cookie.toLowerCase() : null;
}
