import { SeatStatus } from '@hotline/shared';
import type { SeatMapController } from '../controller';
import { seatIndexOf } from '../model/seat-store';

/**
 * What the order-change page tells the map (docs/order-changes.md, "The page"): the order's own seats, the one being
 * moved now, and the seats the server allows that ticket to move to (GET /api/order-changes/:resId/targets). The map
 * shows the live state on top: a seat the rule allows but someone holds is taken, one freed later becomes choosable.
 */
export interface SeatChangeTargets {
  /** The order's live seats, "sectionId:x:y": marked "your seat". */
  yours: readonly string[];
  /** The seat of the ticket being moved: the keyboard enters the map there. */
  moving: string | null;
  /** Flat sectionId, x, y triples the ticket may move to; null while they load (nothing is choosable meanwhile). */
  allowed: readonly number[] | null;
}

/** Why a seat cannot be chosen in this mode, as the seat card and the screen reader say it. */
export type ChangeSeatState = 'yours' | 'newSeat' | 'available' | 'notForChange' | 'notForChangeWhole' | null;

const keyIndex = (c: SeatMapController, key: string): number => {
  const [s, x, y] = key.split(':').map(Number) as [number, number, number];
  return seatIndexOf(c.store, s, x, y);
};

/**
 * Changing the seats of a paid order on the same map: one new seat is CHOSEN, not held (the swap holds and
 * checks it on the server in one step), the order's seats are marked, and every free seat the server's rule leaves
 * out is painted "not for this change" and says why. Off (`active` false) in every other mode: then nothing here
 * touches the map.
 */
export class ChangeManager {
  readonly active: boolean;
  private yours = new Int32Array(0);
  private yoursSet = new Set<number>();
  private moving = -1;
  private eligible: Uint8Array | null = null;
  private pending: SeatChangeTargets | null = null;
  private zoomedFor = -2;
  /**
   * The page is swapping to the chosen seat: the live feed then reports that seat sold (to this very order) before
   * the page has the new order; that is not "someone else took it", and the new targets drop the choice quietly.
   */
  swapping = false;

  constructor(private readonly c: SeatMapController) {
    this.active = c.opts.seatChange === true;
  }

  /** The page's targets; applied now if the map is built, else right after its paint data (loader). */
  set(targets: SeatChangeTargets): void {
    if (!this.active) return;
    this.pending = targets;
    if (this.c.scene) this.apply();
  }

  /** Paint data just built (loader): the first frame already shows the change's marks. */
  apply(): void {
    const c = this.c;
    const t = this.pending;
    if (!this.active || !t || !c.scene) return;
    const st = c.store;
    this.yours = Int32Array.from(t.yours.map((k) => keyIndex(c, k)).filter((i) => i >= 0));
    this.yoursSet = new Set(this.yours);
    this.moving = t.moving ? keyIndex(c, t.moving) : -1;
    const mask = new Uint8Array(st.count);
    const allowed = t.allowed ?? [];
    for (let k = 0; k + 2 < allowed.length; k += 3) {
      const i = seatIndexOf(st, allowed[k]!, allowed[k + 1]!, allowed[k + 2]!);
      if (i >= 0 && !this.yoursSet.has(i)) mask[i] = 1;
    }
    this.eligible = mask;
    c.scene.eligible = mask;
    // A choice the new rule leaves out (another ticket is being moved now) is dropped.
    const dropped = c.selection.prune((i) => this.choosable(i));
    const r = c.renderer;
    if (r) {
      r.marked = this.yours;
      r.repaintAll();
    }
    if (dropped.length) c.holds.publishSelection();
    this.reveal();
  }

  /** Zoomed far out (a stadium), the camera goes to the order's seats once per ticket being moved. */
  private reveal(): void {
    const c = this.c;
    const cam = c.camera.current;
    if (!cam || this.zoomedFor === this.moving || this.yours.length === 0) return;
    this.zoomedFor = this.moving;
    if (cam.scale * c.store.typicalSeatSize < 12) c.camera.zoomToSeats([...this.yours]);
  }

  /** Renderer mounted after the targets came: give it the marks. */
  mounted(): void {
    if (!this.active || !this.c.renderer) return;
    this.c.renderer.marked = this.yours;
    this.reveal();
  }

  isYours(i: number): boolean {
    return this.yoursSet.has(i);
  }

  /** The ticket's seat: where the keyboard enters the map. */
  movingSeat(): number {
    return this.moving;
  }

  /** May be chosen now: free (single-seat rules do not bind a swap) and allowed by the server's rule. */
  choosable(i: number): boolean {
    const status = this.c.store.status[i];
    const free = status === SeatStatus.Available || status === SeatStatus.SingleSeatBlocked;
    return free && this.eligible !== null && this.eligible[i] === 1;
  }

  /** The seat card's and screen reader's state in this mode (null: the ordinary one). */
  seatState(i: number): ChangeSeatState {
    if (!this.active) return null;
    if (this.yoursSet.has(i)) return 'yours';
    if (this.c.selection.has(i)) return 'newSeat';
    const status = this.c.store.status[i];
    if (status !== SeatStatus.Available && status !== SeatStatus.SingleSeatBlocked) return null;
    if (this.eligible?.[i] === 1) return status === SeatStatus.SingleSeatBlocked ? 'available' : null;
    const st = this.c.store;
    // Same price zone as the seat being moved: left out because it is sold whole (a couch or a bed half).
    const sameZone = this.moving >= 0 && st.ticketGroup[i] === st.ticketGroup[this.moving];
    return sameZone && st.togetherGroup[i]! >= 0 ? 'notForChangeWhole' : 'notForChange';
  }

  /** A live delta took the chosen seat: drop the choice and say so. Returns the seats dropped. */
  afterStatus(changed: readonly number[]): number[] {
    if (!this.active || this.swapping || this.c.selection.size === 0) return [];
    const chosen = changed.filter((i) => this.c.selection.has(i) && !this.choosable(i));
    const dropped: number[] = [];
    for (const i of chosen) dropped.push(...this.c.selection.deselect(i));
    return dropped;
  }
}
