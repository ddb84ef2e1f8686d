import type { SeatDeltaMessage, SeatSnapshotMessage } from '@hotline/shared';
import type { SeatMapController } from '../controller';
import { LiveFeed } from '../live/feed';
import { isFilterActive } from '../model/seat-filter';
import { unblockBesideOwnSeats } from '../model/own-view';

/**
 * The presentation's live room: versioned deltas and snapshots go straight into the typed arrays and the canvas (no
 * React render); our own seats stay pickable beside us (policy 3), filter rings and sold-out labels follow, and a
 * seat we held that turns available means the hold was lost.
 */
export class LiveManager {
  private feed: LiveFeed | null = null;

  constructor(private readonly c: SeatMapController) {}

  connect(): void {
    if (this.feed || typeof window === 'undefined') return;
    const c = this.c;
    this.feed = new LiveFeed(
      c.presentation.id,
      {
        version: () => c.sync.version,
        onDelta: (msg) => this.handleDelta(msg),
        onSnapshot: (msg) => this.handleSnapshot(msg),
        onConnection: (connected) => c.ui.setState({ connected }),
        onHoldEnded: (msg) => {
          if (msg.presentationId === c.presentation.id) c.ui.setState({ holdEnded: true });
        },
      },
      c.opts.locale,
    );
    this.feed.connect();
  }

  /** A versioned delta from the room: straight into the typed arrays and the canvas, no React render. */
  handleDelta(msg: SeatDeltaMessage): void {
    const c = this.c;
    const isOwn = c.holds.isOwn;
    const res = c.sync.applyDelta(msg, { isOwn });
    if (res.applied) {
      const changed = res.changedIndices;
      unblockBesideOwnSeats(c.store, changed, isOwn);
      if (changed.length) c.renderer?.statusChanged(changed);
      if (changed.length && isFilterActive(c.facts.filter)) c.facts.refreshHighlight();
      if (changed.length && c.facts.soldOutChanged(changed)) c.renderer?.staticChanged();
      if (res.changedGaSections.length) {
        c.renderer?.staticChanged();
        c.holds.publishSelection();
      }
      c.holds.checkLostHolds(changed, msg.toVersion);
      c.holds.checkTakenChoice(changed);
      // Someone took the seat beside ours: our selection may now leave one alone.
      if (changed.length) c.holds.checkGaps();
    } else if (res.gap) this.feed?.resync();
  }

  handleSnapshot(msg: SeatSnapshotMessage): void {
    const c = this.c;
    const res = c.sync.applySnapshot(msg, { isOwn: c.holds.isOwn });
    if (!res.applied) return;
    unblockBesideOwnSeats(c.store, res.changedIndices, c.holds.isOwn);
    c.facts.forgetSoldOut();
    c.renderer?.statusChanged(res.changedIndices);
    if (res.changedGaSections.length) c.renderer?.staticChanged();
    c.holds.checkLostHolds(res.changedIndices, msg.version);
    c.holds.checkTakenChoice(res.changedIndices);
    c.holds.checkGaps();
  }

  close(): void {
    this.feed?.close();
  }
}
