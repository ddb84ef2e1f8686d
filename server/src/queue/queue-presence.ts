import { Injectable } from '@nestjs/common';

/**
 * A page's progress band (shared progressBands): 0 = near, hears every message; band k hears every
 * `everyTicks`-th (docs/waiting-room.md, "Live updates").
 */
export type Band = number;

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
   * Per band beyond the near one (index = band), its pages by number DEScending: the next to come nearer is the
   * last entry, so a tick moves pages with pop() and never looks at the pages that stay. A subscription inserts by
   * binary search (a memmove of the array, microseconds at a node's ten thousand pages).
   */
  bands: Subscription[][];
}

/**
 * The first number that is beyond the places admitted in `seconds` at the rate when `removed` have left the head
 * (rounded up: the boundary errs near). Place = number - removed + 1, so a page is within while its place is at most
 * that many. Infinity: every number is within.
 */
export function farFrom(removed: number, admitPerMinute: number, seconds: number): number {
  if (seconds === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  return removed + Math.ceil((Math.max(0, admitPerMinute) / 60) * seconds);
}

/** Index of the first entry whose number is below `ticketNo` (the array is descending). */
function firstBelow(list: readonly Subscription[], ticketNo: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.ticketNo! >= ticketNo) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The band of a number: the first whose bound (`bandEnds[k]`, the first number beyond band k, ascending) it is
 * below; no number: the nearest band.
 */
function bandOf(ticketNo: number | null, bandEnds: readonly number[]): Band {
  if (ticketNo === null) return 0;
  const index = bandEnds.findIndex((end) => ticketNo < end);
  return index === -1 ? bandEnds.length - 1 : index;
}

/** A page the line moved to a nearer band: the gateway moves its socket from one room to the other. */
export interface BandMove {
  socketId: string;
  from: Band;
  to: Band;
}

/**
 * Which waiting pages are subscribed on THIS node (node-local memory only): the gateway adds a socket once its
 * subscription's wait ticket was accepted and removes it when the socket disconnects or subscribes to another
 * presentation. The seen refresh (queue-seen-refresh.ts) reads it to keep those visitors' places, so the pages
 * need not send heartbeats. A node that dies forgets its pages with it; their places then lapse after
 * QUEUE_ABANDON_SECONDS unless the pages reconnect (to any node) and subscribe again, which socket.io does by itself.
 *
 * It also splits each presentation's pages into progress bands (the gateway keeps one socket.io room for each):
 * pages only ever move to a nearer band, as `removed` comes within reach of their number (advance()).
 */
@Injectable()
export class QueuePresence {
  private readonly byPresentation = new Map<number, Presentation>();
  private readonly bySocket = new Map<string, Subscription>();

  /**
   * This socket now watches this place (replacing whatever it watched before). `bandEnds`: per band, the first
   * number beyond it now (farFrom() of each band's seconds; the last is Infinity). Answers the page's band: the
   * nearest when it has no number.
   */
  subscribe(
    socketId: string,
    presentationId: number,
    visitorId: string,
    until: number,
    ticketNo: number | null,
    bandEnds: readonly number[],
  ): Band {
    this.forget(socketId);
    const band = bandOf(ticketNo, bandEnds);
    const subscription: Subscription = { socketId, presentationId, visitorId, until, ticketNo, band };
    this.bySocket.set(socketId, subscription);
    let presentation = this.byPresentation.get(presentationId);
    if (!presentation) this.byPresentation.set(presentationId, (presentation = { sockets: new Map(), bands: [] }));
    presentation.sockets.set(socketId, subscription);
    if (band > 0) {
      const list = (presentation.bands[band] ??= []);
      list.splice(firstBelow(list, ticketNo!), 0, subscription);
    }
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
    const list = subscription.band > 0 ? presentation.bands[subscription.band] : undefined;
    if (list) {
      // Entries with the same number (tabs of one visitor) sit together: scan that run for this socket.
      for (let i = firstBelow(list, subscription.ticketNo! + 1); i < list.length; i++) {
        if (list[i]!.ticketNo !== subscription.ticketNo) break;
        if (list[i] === subscription) {
          list.splice(i, 1);
          break;
        }
      }
    }
    if (presentation.sockets.size === 0) this.byPresentation.delete(subscription.presentationId);
  }

  /**
   * The line has moved (`bandEnds` as for subscribe, at the new `removed` and rate): every page of this
   * presentation whose number is now within a nearer band moves there, from now on. Answers the moves (the gateway
   * moves their sockets between rooms). Costs the pages moved, not the pages that stay.
   */
  advance(presentationId: number, bandEnds: readonly number[]): BandMove[] {
    const presentation = this.byPresentation.get(presentationId);
    const moves: BandMove[] = [];
    if (!presentation) return moves;
    for (let from = 1; from < presentation.bands.length; from++) {
      const list = presentation.bands[from];
      // Below the end of the band before it: belongs nearer.
      const nearerEnd = bandEnds[from - 1] ?? Number.POSITIVE_INFINITY;
      while (list && list.length > 0 && list[list.length - 1]!.ticketNo! < nearerEnd) {
        const subscription = list.pop()!;
        const to = bandOf(subscription.ticketNo, bandEnds);
        subscription.band = to;
        if (to > 0) {
          const target = (presentation.bands[to] ??= []);
          target.splice(firstBelow(target, subscription.ticketNo!), 0, subscription);
        }
        moves.push({ socketId: subscription.socketId, from, to });
      }
    }
    return moves;
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
