/**
 * Seats this node's best-available is taking right now or has just taken or lost, per presentation (see
 * BestAvailableService). Kept per presentation so the search's per-seat check is one lookup by the seat's own key,
 * not a string built for every seat of the hall on every search (7 % of the on-sale bench's server CPU).
 */
export class BestAvailableClaims {
  private readonly byPresentation = new Map<number, Map<string, number>>();
  private size = 0;

  /** The claims on one presentation, for a search's loop (undefined: none). */
  of(presentationId: number): ReadonlyMap<string, number> | undefined {
    const claims = this.byPresentation.get(presentationId);
    return claims && claims.size > 0 ? claims : undefined;
  }

  set(presentationId: number, seatKeys: readonly string[], until: number): void {
    let claims = this.byPresentation.get(presentationId);
    if (!claims) this.byPresentation.set(presentationId, (claims = new Map()));
    for (const key of seatKeys) {
      if (!claims.has(key)) this.size++;
      claims.set(key, until);
    }
  }

  delete(presentationId: number, seatKeys: readonly string[]): void {
    const claims = this.byPresentation.get(presentationId);
    if (!claims) return;
    for (const key of seatKeys) if (claims.delete(key)) this.size--;
  }

  /** Drops ended claims once there are many (a claim ends a moment after the mirror has heard of its seats). */
  prune(now: number, above = 50_000): void {
    if (this.size <= above) return;
    for (const [pid, claims] of this.byPresentation) {
      for (const [key, until] of claims) if (until <= now && claims.delete(key)) this.size--;
      if (claims.size === 0) this.byPresentation.delete(pid);
    }
  }
}

/** Whether a seat is claimed at `now` (ended claims stay until prune()). */
export function isClaimed(claims: ReadonlyMap<string, number> | undefined, seatKey: string, now: number): boolean {
  if (claims === undefined) return false;
  const until = claims.get(seatKey);
  return until !== undefined && until > now;
}
