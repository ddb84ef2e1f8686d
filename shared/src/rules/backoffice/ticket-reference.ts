/**
 * Ticket references (memberships-backoffice-spec.md section 7, "Ticket-reference
 * administration"): a ticket may prompt the buyer for one or two reference values (ref1,
 * ref2: an employee number, a club code); each allowed pair has a quantity of tickets.
 */

/** How a typed reference is compared: trimmed, case-insensitive (ABC-1 and abc-1 are one reference). */
export function normaliseReference(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/** Tickets still allowed for a reference: never below zero, whatever the counts say. */
export function referenceRemaining(quantity: number, used: number): number {
  return Math.max(0, quantity - used);
}

/**
 * Whether `seats` more tickets may be sold with a reference of this quantity and use:
 * 'ok', or why not. An unknown pair and a used-up one get the same answer on the
 * storefront ("reference value not eligible"), so it never tells which references exist.
 */
export function referenceEligibility(
  option: { quantity: number; used: number } | null,
  seats: number,
): 'ok' | 'unknown' | 'used-up' {
  if (!option) return 'unknown';
  return referenceRemaining(option.quantity, option.used) >= seats ? 'ok' : 'used-up';
}

/** A staff edit may not set the quantity below what was already sold with the reference. */
export function quantityEditAllowed(newQuantity: number, used: number): boolean {
  return Number.isInteger(newQuantity) && newQuantity >= used && newQuantity >= 0;
}
