/**
 * Seat status codes as the storefront reads them (storefront-spec.md section 4):
 * 1 available, 2 selected by this visitor, 3 on hold; any other code is unavailable.
 * Codes above 3 are ours and only say *why* a seat is unavailable.
 */
export const SeatStatus = {
  Available: 1,
  Selected: 2,
  OnHold: 3,
  Sold: 4,
  LockedByOther: 5,
  Blocked: 6,
  SingleSeatBlocked: 7,
} as const;
export type SeatStatusCode = (typeof SeatStatus)[keyof typeof SeatStatus];

export function isSeatAvailableCode(code: number): boolean {
  return code === SeatStatus.Available;
}

export function isSeatUnavailableCode(code: number): boolean {
  return code !== SeatStatus.Available && code !== SeatStatus.Selected && code !== SeatStatus.OnHold;
}

/** Allocation id -1 means "no allocation". */
export const NO_ALLOCATION = -1;

/**
 * One seat-status row on the wire:
 * [sectionId, seatGroupId, x, y, allocationId, ticketGroupId, statusCode].
 * For general-admission sections x and y are the place the server picked.
 */
export type SeatStatusRow = [
  sectionId: number,
  seatGroupId: number,
  x: number,
  y: number,
  allocationId: number,
  ticketGroupId: number,
  statusCode: number,
];

export const ROW_SECTION = 0;
export const ROW_GROUP = 1;
export const ROW_X = 2;
export const ROW_Y = 3;
export const ROW_ALLOCATION = 4;
export const ROW_TICKET_GROUP = 5;
export const ROW_STATUS = 6;

/** The key that identifies one seat within a presentation. */
export function seatKey(sectionId: number, x: number, y: number): string {
  return `${sectionId}:${x}:${y}`;
}
