import { ROW_SECTION, ROW_STATUS, ROW_X, ROW_Y, SeatStatus, type LockSeatInput } from '@hotline/shared';
import { seatName, selectionAnnouncement } from '../a11y/describe';
import * as seatApi from '../api';
import { withBotToken } from '../botcheck';
import type { SeatMapController } from '../controller';
import { rowNameOf, seatIndexOf } from '../model/seat-store';
import { gapsLeftBySelection } from '../model/selection-gaps';
import type { GaHoldingView, SelectedSeatView } from '../ui-state';

/**
 * Holds on the seat engine: lock and unlock (seats, couches whole, general-admission places), best available, the
 * box-office block, holds lost to expiry, and the order timer. Every hold gained or lost is emitted as a hold event;
 * the booking adapter writes the cart from those, never this manager.
 */
export class HoldsManager {
  /** Seats the server confirmed as ours, and the state version of that confirmation. */
  private readonly owned = new Map<number, number>();
  /** Seats with a lock/unlock call in flight. */
  private readonly inFlight = new Set<number>();
  /** Places this visitor holds per general-admission section. */
  private readonly gaPlaces = new Map<number, number[]>();
  /**
   * Box office with a staff session holding permission 267: the staff block limit (BOX_OFFICE_MAX_SEATS). Seats then
   * lock through PUT /api/backoffice/lock-seats, a rectangle in ONE call, all or nothing. Null: the public path.
   */
  private staffMax: number | null = null;
  /** Hold calls not finished yet, each until its answer has reached the selection and the hold events. */
  private readonly calls = new Set<Promise<unknown>>();

  constructor(private readonly c: SeatMapController) {}

  private track<T>(call: Promise<T>): Promise<T> {
    this.calls.add(call);
    const done = () => void this.calls.delete(call);
    call.then(done, done);
    return call;
  }

  /**
   * Resolves once every hold call has finished and its answer reached the cart (through the hold events): what
   * "continue" waits for. The selection shows a seat at the tap, the cart gets it with the lock's answer, and the map
   * (with its cart connection) goes away when the order moves on: a seat whose answer came after that was held on
   * the server and missing from the tickets step.
   */
  async settled(): Promise<void> {
    while (this.calls.size > 0) await Promise.allSettled([...this.calls]);
  }

  /** The most seats the selection may hold: the staff block limit, else the presentation's per-order maximum. */
  seatLimit(): number {
    if (this.staffMax !== null) return this.staffMax;
    const max = this.c.presentation.maxSeatsPerOrder;
    return max > 0 ? max : Infinity;
  }

  /** A staff session with permission 267 was found (box-office mode only): blocks lock in one call, up to `max`. */
  enableStaffBlocks(max: number): void {
    if (!this.c.opts.boxOffice) return;
    this.staffMax = max;
    this.c.selection?.setMaxSeats(max);
    this.c.ui.setState({ staffCap: max });
  }

  private limitText(): string {
    return this.staffMax !== null
      ? this.c.opts.t('seatmap.boxOffice.blockMax', { max: this.staffMax })
      : this.c.opts.t('seatmap.maxSeats', { max: this.c.presentation.maxSeatsPerOrder });
  }

  /** Seats this visitor holds or is about to: the room reports them as anybody's lock (5). */
  readonly isOwn = (i: number): boolean => this.c.selection.has(i) || this.inFlight.has(i);

  /** Seats whose lock the server has not answered yet (the selection shows them already). */
  get locksInFlight(): number {
    return this.inFlight.size;
  }

  /** Ours if the server confirmed it (a seat others hold is not selectable). */
  isOwned(i: number): boolean {
    return this.owned.has(i);
  }

  gaHeld(s: number): number {
    return this.gaPlaces.get(s)?.length ?? 0;
  }

  /** Model built: an empty place list per general-admission section. */
  initSections(): void {
    for (const section of this.c.store.sections) if (!section.isReserved) this.gaPlaces.set(section.index, []);
  }

  /**
   * The REST seats-status rows (7 numbers each): status 2 rows are seats this visitor already holds (a reload
   * mid-order), so they come back selected; GA rows are our places.
   */
  adoptRestStatus(version: number, rows: Int32Array): void {
    // Changing an order holds nothing while choosing: a lock this browser has from a booking elsewhere is not a choice.
    if (this.c.change.active) return;
    const st = this.c.store;
    for (let o = 0; o + 7 <= rows.length; o += 7) {
      if (rows[o + ROW_STATUS] !== SeatStatus.Selected) continue;
      const sectionId = rows[o + ROW_SECTION]!;
      const s = st.sectionIndexById.get(sectionId);
      if (s === undefined) continue;
      if (st.sections[s]!.isReserved) {
        const i = seatIndexOf(st, sectionId, rows[o + ROW_X]!, rows[o + ROW_Y]!);
        if (i >= 0) {
          this.owned.set(i, version);
          this.c.selection.select(i);
        }
      } else this.gaPlaces.get(s)?.push(rows[o + ROW_X]!);
    }
    this.publishSelection();
    if (this.c.selection.size > 0 || this.gaCount() > 0) void this.refreshTimer();
  }

  private lockInput(sectionIndex: number, x: number | null, y: number | null, zoneId: number | null): LockSeatInput {
    const p = this.c.presentation;
    const group = this.c.facts.groupOfZone(zoneId);
    return {
      PresentationId: p.id,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: this.c.store.sections[sectionIndex]!.id,
      TicketGroupId: group ? group.id : (zoneId ?? 0),
      XCoordinate: x,
      YCoordinate: y,
    };
  }

  private seatInput(i: number): LockSeatInput {
    const st = this.c.store;
    return this.lockInput(st.sectionIndex[i]!, st.coordX[i]!, st.coordY[i]!, st.ticketGroup[i]!);
  }

  /** Select (lock) or deselect (unlock) seat i and its couch. */
  toggleSeat(i: number): Promise<void> {
    return this.track(this.toggle(i));
  }

  private async toggle(i: number): Promise<void> {
    if (i < 0 || this.inFlight.has(i)) return;
    if (this.c.selection.has(i)) {
      await this.unselect(i);
      return;
    }
    // Changing an order: one new seat per ticket, so choosing another one replaces the choice.
    if (this.c.change.active) this.c.selection.clear();
    const r = this.c.selection.select(i);
    if (!r.ok) {
      const text =
        r.reason === 'limit'
          ? this.limitText()
          : this.c.opts.t('seatmap.notSelectable', { seat: this.c.facts.describe(i) });
      this.c.messages.showToast(text, 'info');
      this.c.messages.announce(text);
      return;
    }
    this.afterSelectionChange();
    this.c.camera.keepAboveBar(i);
    const ok = await this.lockUnit(i, true);
    if (ok) this.announceSelection('selected', r.seats);
  }

  /**
   * Box office: select these available seats and lock them. With a staff session: up to the staff limit, in ONE
   * lock-seats call, all or nothing. Without: up to the order's maximum, a unit at a time, 4 in flight.
   */
  selectAndLock(seats: readonly number[]): Promise<void> {
    return this.track(this.selectAndLockNow(seats));
  }

  private async selectAndLockNow(seats: readonly number[]): Promise<void> {
    if (this.staffMax !== null) return this.lockBlock(seats);
    const selection = this.c.selection;
    const added = selection.selectMany(seats);
    this.rememberBlock(added);
    if (added.length < seats.length) this.c.messages.showToast(this.limitText(), 'info');
    this.afterSelectionChange();
    // One lock call per unit (a couch locks whole), a few at a time.
    const units: number[] = [];
    const seen = new Set<number>();
    for (const i of added) {
      if (seen.has(i)) continue;
      for (const j of selection.unitOf(i)) seen.add(j);
      units.push(i);
    }
    const queue = [...units];
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await this.lockUnit(i, false);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    this.announceSelection('selected', added);
  }

  /**
   * Staff block: every seat (couches whole) in one PUT /api/backoffice/lock-seats. The server takes all or none; a
   * refusal (409 naming the taken seat, in the visitor's language) unselects the whole block and says why.
   */
  private async lockBlock(seats: readonly number[]): Promise<void> {
    const selection = this.c.selection;
    const added = selection.selectMany(seats);
    if (added.length < seats.length) this.c.messages.showToast(this.limitText(), 'info');
    if (added.length === 0) return;
    this.rememberBlock(added);
    for (const j of added) this.inFlight.add(j);
    this.afterSelectionChange();
    const st = this.c.store;
    const refs = added.map((j) => ({ sectionId: st.sectionId[j]!, x: st.coordX[j]!, y: st.coordY[j]! }));
    try {
      const res = await seatApi.lockSeatsBlock(this.c.presentation.id, refs);
      for (const s of res.seats) this.gained(seatIndexOf(st, s.sectionId, s.x, s.y), res.version);
      this.setDeadline(res.timeInSeconds);
      void this.refreshTimer();
      for (const j of added) this.inFlight.delete(j);
      this.announceSelection('selected', added);
    } catch (error) {
      for (const j of added) {
        this.inFlight.delete(j);
        if (!this.owned.has(j)) selection.deselect(j);
      }
      // The server's words name the taken seat; listing the whole block to a screen reader would bury them.
      this.c.messages.announce(this.c.messages.failed(error));
    } finally {
      for (const j of added) this.inFlight.delete(j);
      this.afterSelectionChange();
    }
  }

  /** The seats of the last box-office block, for one undo. */
  private lastBlock: number[] = [];

  private rememberBlock(seats: readonly number[]): void {
    this.lastBlock = [...seats];
    this.c.ui.setState({ lastBlock: seats.length, blockToConfirm: null });
  }

  /** All-in total of these seats, in shekels (a block's before it is locked; the selection's seats in `selectedTotal`). */
  totalOf(seats: readonly number[]): number {
    const facts = this.c.facts;
    let total = 0;
    for (const i of seats) total += facts.groupPrice(facts.groupOfSeat(i)) ?? 0;
    return Math.round(total * 100) / 100;
  }

  /** The cashier's answer to a large block: yes locks it, no drops it. */
  async confirmBlock(yes: boolean): Promise<void> {
    const pending = this.c.ui.getState().blockToConfirm;
    this.c.ui.setState({ blockToConfirm: null });
    if (yes && pending) await this.selectAndLock(pending.seats);
  }

  /** One undo gives back the whole last block (the seats of it still held), in one call for a staff session. */
  undoLastBlock(): Promise<void> {
    return this.track(this.undoLastBlockNow());
  }

  private async undoLastBlockNow(): Promise<void> {
    const seats = this.lastBlock.filter((i) => this.c.selection.has(i) && !this.inFlight.has(i));
    this.lastBlock = [];
    this.c.ui.setState({ lastBlock: 0 });
    if (seats.length === 0) return;
    if (this.staffMax !== null) {
      const st = this.c.store;
      const refs = seats.map((j) => ({ sectionId: st.sectionId[j]!, x: st.coordX[j]!, y: st.coordY[j]! }));
      for (const j of seats) this.inFlight.add(j);
      try {
        await seatApi.unlockSeatsBlock(this.c.presentation.id, refs);
        for (const j of seats) {
          this.owned.delete(j);
          this.c.selection.deselect(j);
          this.c.holdEvents.emit({ kind: 'seatReleased', seat: j });
        }
        this.announceSelection('unselected', seats);
      } catch (error) {
        this.c.messages.announce(this.c.messages.failed(error));
      } finally {
        for (const j of seats) this.inFlight.delete(j);
        this.afterSelectionChange();
      }
      return;
    }
    for (const j of seats) if (this.c.selection.has(j)) await this.unselect(j);
  }

  /** Locks the unit of seat i (already selected); on refusal unselects it and says why. */
  private async lockUnit(i: number, announceFailure: boolean): Promise<boolean> {
    const unit = this.c.selection.unitOf(i);
    for (const j of unit) this.inFlight.add(j);
    this.publishSelection();
    try {
      const st = this.c.store;
      if (this.c.change.active) {
        // Changing an order: the seat is only chosen here; the swap holds it and checks it on the server in one step.
        this.gained(i, 0);
        return true;
      }
      const membership = this.c.opts.membership;
      if (membership) {
        // Membership mode: one call holds the seat on every presentation of the membership, all or nothing.
        const held = await membership.lock({ sectionId: st.sectionId[i]!, x: st.coordX[i]!, y: st.coordY[i]! });
        for (const s of held.seats) this.gained(seatIndexOf(st, s.sectionId, s.x, s.y), 0);
        this.setDeadline(held.timeInSeconds);
        return true;
      }
      const res =
        this.staffMax !== null
          ? await seatApi.lockSeatsBlock(this.c.presentation.id, [
              { sectionId: st.sectionId[i]!, x: st.coordX[i]!, y: st.coordY[i]! },
            ])
          : await withBotToken((token) => seatApi.lockSeat(this.seatInput(i), token));
      for (const s of res.seats) this.gained(seatIndexOf(st, s.sectionId, s.x, s.y), res.version);
      this.setDeadline(res.timeInSeconds);
      void this.refreshTimer();
      return true;
    } catch (error) {
      this.c.selection.deselect(i);
      const message = this.c.messages.failed(error);
      if (announceFailure) this.announceFacts('lockFailed', unit, { message });
      return false;
    } finally {
      for (const j of unit) this.inFlight.delete(j);
      this.afterSelectionChange();
    }
  }

  /** The server says seat j is ours since `version`. */
  private gained(j: number, version: number): boolean {
    if (j < 0) return false;
    this.owned.set(j, version);
    if (!this.c.selection.has(j)) this.c.selection.select(j);
    this.c.holdEvents.emit({ kind: 'seatHeld', seat: j });
    return true;
  }

  private async unselect(i: number): Promise<void> {
    const removed = this.c.selection.deselect(i);
    if (removed.length === 0) return;
    for (const j of removed) this.inFlight.add(j);
    this.afterSelectionChange();
    try {
      const st = this.c.store;
      const membership = this.c.opts.membership;
      // Changing an order: the seat was only chosen, nothing is held to give back.
      if (membership) await membership.unlock({ sectionId: st.sectionId[i]!, x: st.coordX[i]!, y: st.coordY[i]! });
      else if (!this.c.change.active) await withBotToken((token) => seatApi.unlockSeat(this.seatInput(i), token));
      for (const j of removed) {
        this.owned.delete(j);
        this.c.holdEvents.emit({ kind: 'seatReleased', seat: j });
      }
      this.announceSelection('unselected', removed);
      void this.refreshTimer();
    } catch (error) {
      // Failed unlock: we still hold it, so it stays selected.
      for (const j of removed) this.owned.set(j, this.owned.get(j) ?? 0);
      this.c.selection.select(i);
      this.announceFacts('unlockFailed', removed, { message: this.c.messages.failed(error) });
    } finally {
      for (const j of removed) this.inFlight.delete(j);
      this.afterSelectionChange();
    }
  }

  /** Best available: the server finds and locks the best block of `quantity` seats. */
  bestAvailable(quantity: number, ticketGroupId?: number, sectionId?: number): Promise<void> {
    return this.track(this.bestAvailableNow(quantity, ticketGroupId, sectionId));
  }

  private async bestAvailableNow(quantity: number, ticketGroupId?: number, sectionId?: number): Promise<void> {
    const c = this.c;
    c.ui.setState({ busy: true });
    try {
      const res = await withBotToken((token) =>
        seatApi.bestAvailable({
          presentationId: c.presentation.id,
          quantity,
          ticketGroupId,
          sectionId,
          recaptchaToken: token,
        }),
      );
      const match = res.matches.find((m) => m.locked) ?? null;
      if (!match) {
        const text = c.opts.t('seatmap.best.none', { count: quantity });
        c.messages.showToast(text, 'info');
        c.messages.announce(text);
        return;
      }
      const seats: number[] = [];
      for (const s of match.seats) {
        const j = seatIndexOf(c.store, s.sectionId, s.x, s.y);
        if (this.gained(j, c.sync.version)) seats.push(j);
      }
      this.afterSelectionChange();
      if (match.timeInSeconds !== undefined) this.setDeadline(match.timeInSeconds);
      void this.refreshTimer();
      c.camera.zoomToSeats(seats);
      this.announceSelection('selected', seats);
    } catch (error) {
      c.messages.announce(c.messages.failed(error));
    } finally {
      c.ui.setState({ busy: false });
    }
  }

  /** GA: one more (+1) or one fewer (-1) place in section s. */
  changeGa(s: number, delta: 1 | -1): Promise<void> {
    return this.track(this.changeGaNow(s, delta));
  }

  private async changeGaNow(s: number, delta: 1 | -1): Promise<void> {
    const c = this.c;
    const sec = c.store.sections[s]!;
    const places = this.gaPlaces.get(s) ?? [];
    if (delta > 0 && c.selection.exceedsLimit(1)) {
      // The lock would refuse it (MAX_SEATS_EXCEEDED): said now, without asking.
      const text = this.limitText();
      c.messages.showToast(text, 'info');
      c.messages.announce(text);
      return;
    }
    c.ui.setState({ busy: true });
    try {
      if (delta > 0) {
        const res = await withBotToken((token) => seatApi.lockSeat(this.lockInput(s, null, null, sec.zoneId), token));
        places.push(res.lockedSeat.x);
        c.holdEvents.emit({ kind: 'gaHeld', section: s, place: res.lockedSeat.x });
        this.setDeadline(res.timeInSeconds);
        c.messages.announce(c.opts.t('seatmap.ga.added', { section: c.facts.sectionName(s), count: places.length }));
      } else {
        const place = places[places.length - 1];
        if (place === undefined) return;
        await withBotToken((token) => seatApi.unlockSeat(this.lockInput(s, place, 0, sec.zoneId), token));
        places.pop();
        c.holdEvents.emit({ kind: 'gaReleased', section: s, place });
        c.messages.announce(c.opts.t('seatmap.ga.removed', { section: c.facts.sectionName(s), count: places.length }));
      }
      this.gaPlaces.set(s, places);
      c.renderer?.staticChanged();
      c.renderer?.overlayChanged();
      void this.refreshTimer();
    } catch (error) {
      c.messages.announce(c.messages.failed(error));
    } finally {
      c.ui.setState({ busy: false });
      this.publishSelection();
    }
  }

  /** A seat we held turned available after our lock: the hold expired on the server. */
  checkLostHolds(changed: readonly number[], version: number): void {
    const lost: number[] = [];
    for (const i of changed) {
      if (this.c.store.status[i] !== SeatStatus.Available || this.inFlight.has(i)) continue;
      const since = this.owned.get(i);
      if (since === undefined || version <= since || !this.c.selection.has(i)) continue;
      this.owned.delete(i);
      lost.push(...this.c.selection.deselect(i));
      this.c.holdEvents.emit({ kind: 'seatReleased', seat: i });
    }
    if (lost.length) {
      this.afterSelectionChange();
      this.announceFacts('expired', lost);
    }
  }

  /** Changing an order: someone took the seat chosen (nothing held it): the choice goes and the buyer is told. */
  checkTakenChoice(changed: readonly number[]): void {
    const dropped = this.c.change.afterStatus(changed);
    if (!dropped.length) return;
    this.afterSelectionChange();
    const facts = dropped.map((j) => this.c.facts.seatFacts(j));
    const text = selectionAnnouncement('takenByOther', facts, this.c.opts.t);
    this.c.messages.showToast(text, 'info');
    this.c.messages.announce(text);
  }

  private afterSelectionChange(): void {
    this.c.renderer?.overlayChanged();
    this.publishSelection();
  }

  private announceFacts(
    kind: Parameters<typeof selectionAnnouncement>[0],
    seats: readonly number[],
    extra?: Parameters<typeof selectionAnnouncement>[3],
  ): void {
    const facts = seats.map((j) => this.c.facts.seatFacts(j));
    this.c.messages.announce(selectionAnnouncement(kind, facts, this.c.opts.t, extra));
  }

  private announceSelection(kind: 'selected' | 'unselected', seats: readonly number[]): void {
    const count = this.c.selection.size + this.gaCount();
    this.announceFacts(kind, seats, { count, total: this.c.opts.formatPrice(this.selectedTotal()) });
  }

  /**
   * What the lock counts against the order's maximum besides the selected seats: the standing places held on the
   * presentation (the public lock counts every place the visitor holds; a box-office block is limited per block).
   */
  countedBesideSeats(): number {
    return this.staffMax !== null ? 0 : this.gaCount();
  }

  private gaCount(): number {
    let n = 0;
    for (const p of this.gaPlaces.values()) n += p.length;
    return n;
  }

  /** All-in total of the selection, in shekels (the server prices the order). */
  selectedTotal(): number {
    const facts = this.c.facts;
    let total = this.totalOf(this.c.selection.indices());
    for (const [s, p] of this.gaPlaces)
      total += (facts.groupPrice(facts.groupOfZone(this.c.store.sections[s]!.zoneId)) ?? 0) * p.length;
    return Math.round(total * 100) / 100;
  }

  /** Pushes the selection to the React side (panel, summary). */
  publishSelection(): void {
    const c = this.c;
    if (!c.store) return;
    const st = c.store;
    const facts = c.facts;
    const selected: SelectedSeatView[] = c.selection.indices().map((i) => {
      const g = facts.groupOfSeat(i);
      return {
        index: i,
        sectionId: st.sectionId[i]!,
        x: st.coordX[i]!,
        y: st.coordY[i]!,
        section: facts.sectionName(st.sectionIndex[i]!),
        row: rowNameOf(st, i),
        seat: st.seatName[i]!,
        price: facts.groupPrice(g),
        group: facts.groupName(g),
        pending: this.inFlight.has(i),
      };
    });
    const ga: GaHoldingView[] = [];
    for (const [s, places] of this.gaPlaces) {
      const sec = st.sections[s]!;
      const g = facts.groupOfZone(sec.zoneId);
      const remaining = c.sync.gaRemaining(s);
      ga.push({
        sectionIndex: s,
        sectionId: sec.id,
        name: facts.sectionName(s),
        places: [...places],
        remaining,
        price: facts.groupPrice(g),
        group: facts.groupName(g),
        soldOut: sec.isSoldOut || remaining === 0,
      });
    }
    c.ui.setState({ selected, ga });
    this.checkGaps();
  }

  /**
   * The single-seat-gap rule as the commit will apply it (`gapsLeftBySelection`), re-read after every selection change
   * and every live change: the seats the selection would leave alone go to the UI, which says so and holds the order
   * back until the visitor takes them too or chooses otherwise. Box office and seat changes are not under the rule.
   */
  checkGaps(): void {
    const c = this.c;
    if (!c.store) return;
    const ruled = c.presentation.noSingleSeatGap === true && !c.opts.boxOffice && !c.change.active;
    const gaps = ruled && c.selection.size > 0 ? gapsLeftBySelection(c.store, c.selection.indices()) : [];
    const before = c.ui.getState().gaps;
    if (gaps.length === before.length && gaps.every((i, k) => before[k]!.index === i)) return;
    const facts = c.facts;
    const views = gaps.map((i) => ({
      index: i,
      name: `${facts.sectionName(c.store.sectionIndex[i]!)} ${seatName(facts.seatFacts(i), c.opts.t)}`,
    }));
    c.ui.setState({ gaps: views });
    if (views.length > 0) {
      const seats = views.map((g) => g.name).join('; ');
      c.messages.announce(`${c.opts.t('seatmap.gap.rule')} ${c.opts.t('seatmap.gap.takeOrChoose', { seats })}`);
    }
  }

  /** "Take it too": the seats the selection would leave alone, locked like taps, while the order has room. */
  async takeGaps(): Promise<void> {
    const gaps = this.c.ui.getState().gaps.map((g) => g.index);
    for (const i of gaps) if (!this.c.selection.has(i)) await this.toggleSeat(i);
  }

  private setDeadline(seconds: number): void {
    this.c.ui.setState({ deadline: seconds > 0 ? Date.now() + seconds * 1000 : null });
  }

  /** GET /api/presentations/timer/:id: seconds left on this visitor's earliest lock. */
  async refreshTimer(): Promise<void> {
    if (this.c.change.active) return; // nothing is held while choosing a new seat: no order timer
    const id = this.c.presentation.id;
    try {
      const res = await seatApi.getTimer(id);
      const entry = res.timer[String(id)];
      if (!entry) return;
      const holds = this.c.selection.size + this.gaCount();
      this.c.ui.setState({
        deadline: entry.timeInSeconds > 0 && holds > 0 ? Date.now() + entry.timeInSeconds * 1000 : null,
        timerUrl: entry.url,
      });
    } catch {
      /* the countdown keeps its last value */
    }
  }
}
