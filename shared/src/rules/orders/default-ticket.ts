import { assertFiniteNumber } from '../assert';

export interface MultipliableTicket {
  /** How many seats one sale of this ticket covers (a couple ticket is 2); absent means 1. */
  multiplyFactor?: number | null;
}

/**
 * A multiplyFactor of at most 1 marks a base ticket, one seat per sale
 * (storefront-spec.md section 9). A missing factor is read as 1: tickets that
 * never multiply often omit the field.
 */
export function isBaseTicket(ticket: MultipliableTicket): boolean {
  if (ticket.multiplyFactor === undefined || ticket.multiplyFactor === null) return true;
  assertFiniteNumber(ticket.multiplyFactor, 'multiplyFactor');
  return ticket.multiplyFactor <= 1;
}

/**
 * The ticket a newly selected seat gets: the first base ticket
 * (storefront-spec.md section 4). Undefined when every ticket is a
 * multi-seat one, so the caller has to ask the visitor.
 */
export function defaultTicket<T extends MultipliableTicket>(tickets: readonly T[]): T | undefined {
  return tickets.find(isBaseTicket);
}
