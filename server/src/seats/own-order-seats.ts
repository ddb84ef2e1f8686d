import { SeatStatus, seatKey, type SeatStatusRow } from '@hotline/shared';

/** Rows of these seats ("sectionId:x:y") become the viewer's own (2, Selected): their order's seats in a change. */
export function markOwnSeats(rows: SeatStatusRow[], own: ReadonlySet<string>): void {
  if (own.size === 0) return;
  for (const row of rows) if (own.has(seatKey(row[0], row[2], row[3]))) row[6] = SeatStatus.Selected;
}
