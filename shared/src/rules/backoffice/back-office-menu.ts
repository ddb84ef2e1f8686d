/**
 * The back-office permissions of memberships-backoffice-spec.md section 2, and the
 * menu filtered by them. The server checks the same numbers on every call; the menu
 * only hides what a user could not use anyway.
 */
export const BACK_OFFICE_PERMISSION = {
  presentationsReport: 266,
  producerTicketSale: 267,
  producerReservations: 268,
  /** Configure on-sales and their waiting rooms (admin API /api/admin/on-sales; docs/waiting-room.md). */
  onSaleAdmin: 290,
  /** Not numbered by the spec ("ticket-reference admins edit quantities"): ours, docs/back-office.md. */
  ticketReferences: 269,
  /** Venues, seat plans and the rest of the catalogue (admin API /api/admin/venues, …; docs/catalogue-admin.md). */
  catalogue: 291,
  /** Staff accounts and their permissions (admin API /api/admin/staff; docs/back-office.md, "Staff"). */
  staff: 292,
  /** Letting people in at the door: scanning tickets, the scanner's offline manifest (docs/door-checkin.md). */
  door: 293,
} as const;

export type BackOfficePermission = (typeof BACK_OFFICE_PERMISSION)[keyof typeof BACK_OFFICE_PERMISSION];

export interface BackOfficeMenuItem {
  /** Stable id the client translates (the spec names the items in Hebrew). */
  id:
    | 'presentations-report'
    | 'producer-ticket-sale'
    | 'producer-reservations'
    | 'ticket-references'
    | 'on-sales'
    | 'venues'
    | 'events'
    | 'doors'
    | 'staff'
    | 'audit';
  permission: BackOfficePermission;
}

export const BACK_OFFICE_MENU: readonly BackOfficeMenuItem[] = [
  { id: 'presentations-report', permission: BACK_OFFICE_PERMISSION.presentationsReport },
  { id: 'producer-ticket-sale', permission: BACK_OFFICE_PERMISSION.producerTicketSale },
  { id: 'producer-reservations', permission: BACK_OFFICE_PERMISSION.producerReservations },
  { id: 'ticket-references', permission: BACK_OFFICE_PERMISSION.ticketReferences },
  { id: 'on-sales', permission: BACK_OFFICE_PERMISSION.onSaleAdmin },
  { id: 'venues', permission: BACK_OFFICE_PERMISSION.catalogue },
  { id: 'events', permission: BACK_OFFICE_PERMISSION.catalogue },
  /** The doors of a date: entries, refused scans, offline conflicts (GET /api/admin/doors; docs/door-checkin.md). */
  { id: 'doors', permission: BACK_OFFICE_PERMISSION.door },
  { id: 'staff', permission: BACK_OFFICE_PERMISSION.staff },
  /** The audit log (GET /api/admin/audit), for the same people as the staff screen. */
  { id: 'audit', permission: BACK_OFFICE_PERMISSION.staff },
];

/** The menu items a user with these permissions sees, in menu order. */
export function backOfficeMenuFor(permissions: readonly number[]): BackOfficeMenuItem[] {
  const held = new Set(permissions);
  return BACK_OFFICE_MENU.filter((item) => held.has(item.permission));
}
