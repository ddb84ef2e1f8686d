import { Injectable } from '@nestjs/common';

type Listener = (presentationId: number) => void;

/**
 * Which presentation's seats just changed, for listeners outside seats/ that need only that (the back office's
 * live reports): they never see the change stream's encoding, which stays the seat engine's. Every node hears
 * every change on its own subscriber, so each node tells its own listeners.
 */
@Injectable()
export class SeatChangeTap {
  private readonly listeners = new Set<Listener>();

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A raw message from the changes channel: its first field is the presentation id. */
  onMessage(text: string): void {
    if (this.listeners.size === 0) return;
    const presentationId = Number(text.slice(0, text.indexOf(' ')));
    if (!Number.isSafeInteger(presentationId) || presentationId <= 0) return;
    for (const listener of this.listeners) listener(presentationId);
  }
}
