import { Injectable } from '@nestjs/common';

interface Subscription {
  presentationId: number;
  visitorId: string;
  /** The wait ticket's expiry: the node keeps the place no longer than the page's proof. */
  until: number;
}

/**
 * Which waiting pages are subscribed on THIS node (node-local memory only): the gateway adds a socket once its
 * subscription's wait ticket was accepted and removes it when the socket disconnects or subscribes to another
 * presentation. The seen refresh (queue-seen-refresh.ts) reads it to keep those visitors' places, so the pages
 * need not send heartbeats. A node that dies forgets its pages with it; their places then lapse after
 * QUEUE_ABANDON_SECONDS unless the pages reconnect (to any node) and subscribe again, which socket.io does by itself.
 */
@Injectable()
export class QueuePresence {
  /** presentation -> socket id -> subscription. Keyed by socket: two tabs of one visitor are two entries. */
  private readonly byPresentation = new Map<number, Map<string, Subscription>>();
  private readonly bySocket = new Map<string, Subscription>();

  /** This socket now watches this place (replacing whatever it watched before). */
  subscribe(socketId: string, presentationId: number, visitorId: string, until: number): void {
    this.forget(socketId);
    const subscription = { presentationId, visitorId, until };
    this.bySocket.set(socketId, subscription);
    let sockets = this.byPresentation.get(presentationId);
    if (!sockets) this.byPresentation.set(presentationId, (sockets = new Map()));
    sockets.set(socketId, subscription);
  }

  /** The socket is gone (or moved on): its visitor's place is no longer this node's to keep. */
  forget(socketId: string): void {
    const subscription = this.bySocket.get(socketId);
    if (!subscription) return;
    this.bySocket.delete(socketId);
    const sockets = this.byPresentation.get(subscription.presentationId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.byPresentation.delete(subscription.presentationId);
  }

  /** The presentation this socket watches, if any. */
  presentationOf(socketId: string): number | undefined {
    return this.bySocket.get(socketId)?.presentationId;
  }

  /** Per presentation, the distinct visitors whose subscription's ticket is still valid at `now`. */
  visitors(now: number): Map<number, string[]> {
    const out = new Map<number, string[]>();
    for (const [presentationId, sockets] of this.byPresentation) {
      const visitors = new Set<string>();
      for (const s of sockets.values()) if (s.until > now) visitors.add(s.visitorId);
      if (visitors.size > 0) out.set(presentationId, [...visitors]);
    }
    return out;
  }
}
