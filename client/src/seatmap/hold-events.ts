/**
 * What the seat map tells the rest of the storefront about holds: a seat (or a couch member) became this visitor's,
 * or stopped being theirs (released by them, or expired on the server); the same for standing-area places. Indices
 * are seat-store indices; `section` is a section index.
 */
export type HoldEvent =
  | { kind: 'seatHeld'; seat: number }
  | { kind: 'seatReleased'; seat: number }
  | { kind: 'gaHeld'; section: number; place: number }
  | { kind: 'gaReleased'; section: number; place: number };

export type HoldListener = (event: HoldEvent) => void;

/** A tiny synchronous emitter: listeners run in order, on the same tick as the hold change. */
export class HoldEvents {
  private readonly listeners = new Set<HoldListener>();

  on(listener: HoldListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: HoldEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
