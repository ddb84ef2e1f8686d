import { BACK_OFFICE_PERMISSION } from './back-office-menu';

/**
 * What the back office calls a signed-in staff member (the greeting named the demo administrator by a
 * Hebrew role written into her name). A stable id the client translates, read from the permissions: every one of
 * them is an administrator; selling at the box office makes a cashier; reading the reports a producer.
 */
export type StaffRole = 'administrator' | 'box-office' | 'producer' | 'staff';

export function staffRole(permissions: readonly number[]): StaffRole {
  const has = new Set(permissions);
  if (Object.values(BACK_OFFICE_PERMISSION).every((p) => has.has(p))) return 'administrator';
  if (has.has(BACK_OFFICE_PERMISSION.producerTicketSale)) return 'box-office';
  if (has.has(BACK_OFFICE_PERMISSION.presentationsReport)) return 'producer';
  return 'staff';
}
