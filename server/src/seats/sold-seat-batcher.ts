import type { SeatRef } from './seat-selection';

type Lookup = (presentationId: number, seats: SeatRef[]) => Promise<string[]>;

interface Batch {
  seats: Map<string, SeatRef>;
  waiters: { keys: string[]; resolve: (sold: string[]) => void; reject: (error: unknown) => void }[];
}

const seatKeyOf = (s: SeatRef): string => `${s.sectionId}:${s.x}:${s.y}`;

/**
 * Coalesces the lock path's "is any of these seats sold in PostgreSQL?" questions: per
 * presentation at most one query is in flight, and every question asked meanwhile joins
 * the next one. An on-sale rush of a thousand concurrent locks then costs a handful of
 * indexed queries instead of a thousand pool checkouts, and each answer is still read
 * after the question was asked (never served from a cache).
 */
export class SoldSeatBatcher {
  private readonly inFlight = new Set<number>();
  private readonly pending = new Map<number, Batch>();

  constructor(
    private readonly lookup: Lookup,
    private readonly maxSeatsPerQuery = 2000,
  ) {}

  soldAmong(presentationId: number, seats: SeatRef[]): Promise<string[]> {
    return new Promise((resolve, reject) => {
      let batch = this.pending.get(presentationId);
      if (!batch) this.pending.set(presentationId, (batch = { seats: new Map(), waiters: [] }));
      const keys = seats.map(seatKeyOf);
      seats.forEach((s, i) => batch.seats.set(keys[i]!, s));
      batch.waiters.push({ keys, resolve, reject });
      if (!this.inFlight.has(presentationId) || batch.seats.size >= this.maxSeatsPerQuery) this.flush(presentationId);
    });
  }

  private flush(presentationId: number): void {
    const batch = this.pending.get(presentationId);
    if (!batch) return;
    this.pending.delete(presentationId);
    this.inFlight.add(presentationId);
    this.lookup(presentationId, [...batch.seats.values()])
      .then(
        (sold) => {
          const soldSet = new Set(sold);
          for (const w of batch.waiters) w.resolve(w.keys.filter((k) => soldSet.has(k)));
        },
        (error: unknown) => {
          for (const w of batch.waiters) w.reject(error);
        },
      )
      .finally(() => {
        this.inFlight.delete(presentationId);
        if (this.pending.has(presentationId)) this.flush(presentationId);
      });
  }
}
