import { SeatStatus, seatFeatureName, type SeatFeatureName } from '@hotline/shared';

/**
 * The words for a seat — the hover card, the screen-reader grid and the live
 * region all use these, so what a screen reader hears is what the card shows.
 * Pure: `t` is i18next's translate function (or a stub in tests).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type SeatState =
  | 'available'
  | 'selected'
  | 'onHold'
  | 'blocked'
  | 'unavailable'
  | 'unknown'
  // Changing an order (managers/change.ts): the order's seat, the chosen new one, and why a free seat is left out.
  | 'yours'
  | 'newSeat'
  | 'notForChange'
  | 'notForChangeWhole';

export interface SeatFacts {
  section: string;
  row: string;
  seat: string;
  state: SeatState;
  /** Ticket group (price category) name, if the seat is on sale. */
  group: string | null;
  /** Formatted price, e.g. "₪42.00". */
  price: string | null;
  /** Feature codes (SEAT_FEATURE_CODES). */
  features: readonly number[];
}

/** What a status code means for the visitor; `mine` = this visitor holds/selected it. */
export function seatState(status: number, mine: boolean): SeatState {
  if (mine) return 'selected';
  switch (status) {
    case SeatStatus.Available:
      return 'available';
    case SeatStatus.Selected:
      return 'selected';
    case SeatStatus.OnHold:
      return 'onHold';
    case SeatStatus.SingleSeatBlocked:
      return 'blocked';
    case 0:
      return 'unknown';
    default:
      return 'unavailable';
  }
}

/** Feature names worth saying (left/middle/right seat flags are internal to single-seat rules). */
const SILENT: ReadonlySet<SeatFeatureName> = new Set(['isLeftSeat', 'isMiddleSeat', 'isRightSeat']);

export function featureLabels(codes: readonly number[], t: Translate): string[] {
  const out: string[] = [];
  for (const code of codes) {
    const name = seatFeatureName(code);
    if (!name || SILENT.has(name)) continue;
    out.push(t(`seatmap.features.${name}`));
  }
  return out;
}

/** "Row 5, seat 12" */
export function seatName(f: Pick<SeatFacts, 'row' | 'seat'>, t: Translate): string {
  return f.row ? t('seatmap.rowSeat', { row: f.row, seat: f.seat }) : t('seatmap.seatOnly', { seat: f.seat });
}

/** Full spoken description, most important first: where, state, price, features. */
export function describeSeat(f: SeatFacts, t: Translate, withSection = true): string {
  const parts: string[] = [];
  if (withSection) parts.push(f.section);
  parts.push(seatName(f, t));
  parts.push(t(`seatmap.state.${f.state}`));
  if (f.price && (f.state === 'available' || f.state === 'selected' || f.state === 'newSeat'))
    parts.push(f.group ? `${f.group}, ${f.price}` : f.price);
  parts.push(...featureLabels(f.features, t));
  return parts.join(', ');
}

/** Live-region text after a selection change. */
export function selectionAnnouncement(
  kind: 'selected' | 'unselected' | 'lockFailed' | 'unlockFailed' | 'expired' | 'takenByOther',
  seats: readonly Pick<SeatFacts, 'section' | 'row' | 'seat'>[],
  t: Translate,
  extra: { message?: string; count?: number; total?: string } = {},
): string {
  const names = seats.map((s) => `${s.section} ${seatName(s, t)}`).join('; ');
  const head = t(`seatmap.announce.${kind}`, { seats: names, message: extra.message ?? '' });
  if ((kind === 'selected' || kind === 'unselected') && extra.count !== undefined) {
    const summary =
      extra.count === 0
        ? t('seatmap.announce.none')
        : t('seatmap.announce.summary', { count: extra.count, total: extra.total ?? '' });
    return `${head} ${summary}`;
  }
  return head;
}

/** mm:ss for the order timer (never negative). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** i18next's `t` as a plain Translate (its own overloads are too strict to pass around). */
export function asTranslate(t: unknown): Translate {
  const fn = t as (key: string, options?: Record<string, unknown>) => unknown;
  return (key, options) => String(fn(key, options ?? {}));
}
