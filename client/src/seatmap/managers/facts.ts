import { SeatStatus, type ApiTicketGroup } from '@hotline/shared';
import { describeSeat, seatState, type SeatFacts } from '../a11y/describe';
import type { SeatMapController } from '../controller';
import { allInPrice } from '../model/all-in-price';
import { featureCodesOf } from '../model/features';
import { groupNameIn, sectionNameIn } from '../model/plan-names';
import { isFilterActive, matchingSeats, NO_FILTER, type SeatFilter } from '../model/seat-filter';
import { rowNameOf } from '../model/seat-store';
import { summariseSection, type SectionSummary } from '../model/section-summary';

/**
 * What the map knows about a seat or a section in words and prices: names in the catalogue language, ticket groups
 * and their all-in prices, the seat card's facts, section summaries, sold-out sections, the buyer's filter.
 */
export class SeatFactsManager {
  readonly groupByZone = new Map<number, ApiTicketGroup>();
  /** The buyer's highlight filter (accessible seats, a price cap); matches are ringed on the map. */
  filter: SeatFilter = NO_FILTER;
  /** Reserved sections with no seat left, kept in step with the live feed (recounted per touched section). */
  private soldOut: Uint8Array | null = null;

  constructor(private readonly c: SeatMapController) {}

  setGroups(groups: readonly ApiTicketGroup[]): void {
    for (const g of groups) if (!this.groupByZone.has(g.zoneId)) this.groupByZone.set(g.zoneId, g);
  }

  sectionName(s: number): string {
    return sectionNameIn(this.c.store.sections[s]!, this.c.opts.locale);
  }

  groupOfSeat(i: number): ApiTicketGroup | null {
    return this.groupByZone.get(this.c.store.ticketGroup[i]!) ?? null;
  }

  groupOfZone(zoneId: number | null): ApiTicketGroup | null {
    return zoneId === null ? null : (this.groupByZone.get(zoneId) ?? null);
  }

  /**
   * The default ticket's ALL-IN price (first ticket with multiplyFactor <= 1): its price plus its per-ticket fee, in
   * shekels. Every price on the map, the legend, the card and the panel is this one, so it equals the per-ticket total
   * at checkout (the US FTC ticket-fee rule; simply honest). The order-level handling fee is not per ticket.
   */
  groupPrice(g: ApiTicketGroup | null): number | null {
    if (!g) return null;
    const t = g.tickets.find((k) => k.multiplyFactor <= 1) ?? g.tickets[0];
    return t ? allInPrice(t) : null;
  }

  groupName(g: ApiTicketGroup | null): string | null {
    if (!g) return null;
    return groupNameIn(g, this.c.opts.locale);
  }

  /** Zone colours of the plan, overridden by their ticket group's colour. */
  zoneColours(): Map<number, string> {
    const out = new Map<number, string>();
    for (const z of this.c.plan.Zones) out.set(z.ZoneId, z.Color);
    for (const [zone, g] of this.groupByZone) if (g.color) out.set(zone, g.color);
    return out;
  }

  seatFacts(i: number): SeatFacts {
    const st = this.c.store;
    const g = this.groupOfSeat(i);
    const price = this.groupPrice(g);
    return {
      section: this.sectionName(st.sectionIndex[i]!),
      row: rowNameOf(st, i),
      seat: st.seatName[i]!,
      state: this.c.change.seatState(i) ?? seatState(st.status[i]!, this.c.selection.has(i)),
      group: this.groupName(g),
      price: price === null ? null : this.c.opts.formatPrice(price),
      features: featureCodesOf(st.features[i]!),
    };
  }

  describe(i: number, withSection = true): string {
    return describeSeat(this.seatFacts(i), this.c.opts.t, withSection);
  }

  /** GA area caption on the map: "120 left" / "Sold out". */
  gaCaption(s: number): string {
    const sec = this.c.store.sections[s]!;
    const remaining = this.c.sync.gaRemaining(s);
    if (sec.isSoldOut || remaining === 0) return this.c.opts.t('seatmap.ga.soldOut');
    if (remaining === null) return '';
    return this.c.opts.t('seatmap.ga.left', { count: remaining });
  }

  /** Section overview (hover or long press when zoomed out): price range and seats left. */
  sectionSummary(s: number): SectionSummary {
    return summariseSection(this.c.store, s, (zone) => this.groupPrice(this.groupOfZone(zone)));
  }

  sectionSoldOut(s: number): boolean {
    if (!this.soldOut) this.recountSoldOut(null);
    return this.soldOut![s] === 1;
  }

  /** After a live delta: recount the touched sections; true when a section's sold-out state flipped. */
  soldOutChanged(seats: readonly number[]): boolean {
    if (!this.soldOut) return false;
    const before = this.soldOut.slice();
    this.recountSoldOut(seats);
    return this.soldOut.some((v, s) => v !== before[s]);
  }

  /** After a snapshot: recounted on the next label draw. */
  forgetSoldOut(): void {
    this.soldOut = null;
  }

  private recountSoldOut(seats: readonly number[] | null): void {
    const st = this.c.store;
    if (!this.soldOut) {
      this.soldOut = new Uint8Array(st.sections.length);
      seats = null;
    }
    const sections =
      seats === null ? st.sections.map((sec) => sec.index) : [...new Set(seats.map((i) => st.sectionIndex[i]!))];
    for (const s of sections) {
      const sec = st.sections[s]!;
      if (!sec.isReserved || sec.seatEnd === sec.seatStart) continue;
      let left = false;
      for (let i = sec.seatStart; i < sec.seatEnd && !left; i++) left = st.status[i] === SeatStatus.Available;
      this.soldOut[s] = sec.isSoldOut || !left ? 1 : 0;
    }
  }

  /** Sets the filter, rings its matches and returns how many available seats match. */
  setFilter(filter: SeatFilter): number {
    this.filter = filter;
    return this.refreshHighlight();
  }

  refreshHighlight(): number {
    const r = this.c.renderer;
    const matches = isFilterActive(this.filter)
      ? matchingSeats(this.c.store, this.filter, (zone) => this.groupPrice(this.groupOfZone(zone)))
      : null;
    if (r) {
      r.highlight = matches;
      r.overlayChanged();
    }
    return matches?.length ?? 0;
  }
}
