import { Injectable } from '@nestjs/common';

/** Near pages hear every progress message; far pages every QUEUE_FAR_EVERY_TICKS-th (docs/waiting-room.md). */
export type Band = 'near' | 'far';

interface Subscription {
  socketId: string;
  presentationId: number;
  visitorId: string;
  /** The wait ticket's expiry: the node keeps the place no longer than the page's proof. */
  until: number;
  /**
   * The page's number in the line (rank + removed when it subscribed), or null when it has none (admitted, outside).
   * After the start it never changes. Before the start it can only grow (later pre-queue arrivals draw places ahead
   * of it; nobody leaves before the start), so the number known here is a lower bound: the page may be counted near
   * early, never late.
   */
  ticketNo: number | null;
  band: Band;
}

interface Presentation {
  /** socket id -> subscription. Keyed by socket: two tabs of one visitor are two entries. */
  sockets: Map<string, Subscription>;
  /**
   * The far pages, by number DEScending: the next to come near is the last entry, so a tick moves pages to near
   * with pop() and never looks at the pages still far. A subscription inserts by binary search (a memmove of the
   * array, microseconds at a node's ten thousand pages).
   */
  far: Subscription[];
}

/**
 * The first number that is far when `removed` have left the head: the places admitted in `nearSeconds` at the
 * rate, rounded up (the boundary errs near). Place = number - removed + 1, so a page is near while its place is
 * at most that many.
 */
export function farFrom(removed: number, admitPerMinute: number, nearSeconds: number): number {
  return removed + Math.ceil((Math.max(0, admitPerMinute) / 60) * nearSeconds);
}

/** Index of the first far entry whose number is below `ticketNo` (the array is descending). */
function firstBelow(far: readonly Subscription[], ticketNo: number): number {
  let lo = 0;
  let hi = far.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (far[mid]!.ticketNo! >= ticketNo) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Which waiting pages are subscribed on THIS node (node-local memory only): the gateway adds a socket once its
 * subscription's wait ticket was accepted and removes it when the socket disconnects or subscribes to another
 * presentation. The seen refresh (queue-seen-refresh.ts) reads it to keep those visitors' places, so the pages
 * need not send heartbeats. A node that dies forgets its pages with it; their places then lapse after
 * QUEUE_ABANDON_SECONDS unless the pages reconnect (to any node) and subscribe again, which socket.io does by itself.
 *
 * It also splits each presentation's pages into near and far (the gateway keeps one socket.io room for each):
 * pages only ever move from far to near, as `removed` comes within reach of their number (advance()).
 */
@Injectable()
export class QueuePresence {
  private readonly byPresentation = new Map<number, Presentation>();
  private readonly bySocket = new Map<string, Subscription>();

  /**
   * This socket now watches this place (replacing whatever it watched before). `farFrom`: the first number that is
   * far now (farFrom()). Answers the page's band: near when it has no number or its number is below `farFrom`.
   */
  subscribe(
    socketId: string,
    presentationId: number,
    visitorId: string,
    until: number,
    ticketNo: number | null,
    farFrom: number,
  ): Band {
    this.forget(socketId);
    const band: Band = ticketNo !== null && ticketNo >= farFrom ? 'far' : 'near';
    const subscription: Subscription = { socketId, presentationId, visitorId, until, ticketNo, band };
    this.bySocket.set(socketId, subscription);
    let presentation = this.byPresentation.get(presentationId);
    if (!presentation) this.byPresentation.set(presentationId, (presentation = { sockets: new Map(), far: [] }));
    presentation.sockets.set(socketId, subscription);
    if (band === 'far') presentation.far.splice(firstBelow(presentation.far, ticketNo!), 0, subscription);
    return band;
  }

  /** The socket is gone (or moved on): its visitor's place is no longer this node's to keep. */
  forget(socketId: string): void {
    const subscription = this.bySocket.get(socketId);
    if (!subscription) return;
    this.bySocket.delete(socketId);
    const presentation = this.byPresentation.get(subscription.presentationId);
    if (!presentation) return;
    presentation.sockets.delete(socketId);
    if (subscription.band === 'far') {
      // Entries with the same number (tabs of one visitor) sit together: scan that run for this socket.
      const far = presentation.far;
      for (let i = firstBelow(far, subscription.ticketNo! + 1); i < far.length; i++) {
        if (far[i]!.ticketNo !== subscription.ticketNo) break;
        if (far[i] === subscription) {
          far.splice(i, 1);
          break;
        }
      }
    }
    if (presentation.sockets.size === 0) this.byPresentation.delete(subscription.presentationId);
  }

  /**
   * The line has moved: every far page of this presentation whose number is below `farFrom` is near from now on.
   * Answers their socket ids (the gateway moves them to the near room). Costs the pages moved, not the pages far.
   */
  advance(presentationId: number, farFrom: number): string[] {
    const far = this.byPresentation.get(presentationId)?.far;
    const moved: string[] = [];
    if (!far) return moved;
    while (far.length > 0 && far[far.length - 1]!.ticketNo! < farFrom) {
      const subscription = far.pop()!;
      subscription.band = 'near';
      moved.push(subscription.socketId);
    }
    return moved;
  }

  /** The presentation this socket watches, if any. */
  presentationOf(socketId: string): number | undefined {
    return this.bySocket.get(socketId)?.presentationId;
  }

  /** Per presentation, the distinct visitors whose subscription's ticket is still valid at `now`. */
  visitors(now: number): Map<number, string[]> {
    const out = new Map<number, string[]>();
    for (const [presentationId, { sockets }] of this.byPresentation) {
      const visitors = new Set<string>();
      for (const s of sockets.values()) if (s.until > now) visitors.add(s.visitorId);
      if (visitors.size > 0) out.set(presentationId, [...visitors]);
    }
    return out;
  }
}
