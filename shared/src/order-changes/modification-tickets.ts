/**
 * `modifiedTickets` on a presentation's ticket groups (storefront-spec.md section 7): while a buyer changes seats
 * of an order, only tickets a swap may use are offered: the same ticket group and the same price and service
 * charge as one of the tickets being changed (the rule of seat-swap.ts, applied to the offer). Voucher tickets
 * change the price and are never offered in a change.
 */
export interface OfferedTicket {
  id: number;
  price: number;
  serviceCharge: number;
}

export interface OfferedGroup<T extends OfferedTicket> {
  id: number;
  tickets: T[];
  voucherTickets: T[];
}

export function ticketGroupsForModification<T extends OfferedTicket, G extends OfferedGroup<T>>(
  groups: readonly G[],
  modifiedTicketIds: readonly number[],
): G[] {
  const wanted = new Set(modifiedTicketIds);
  const out: G[] = [];
  for (const g of groups) {
    const changed = g.tickets.filter((t) => wanted.has(t.id));
    if (changed.length === 0) continue;
    const tickets = g.tickets.filter((t) =>
      changed.some((c) => c.price === t.price && c.serviceCharge === t.serviceCharge),
    );
    out.push({ ...g, tickets, voucherTickets: [] });
  }
  return out;
}

/** "12,15" -> [12, 15]; null when the value is not a comma-separated list of ticket ids. */
export function parseModifiedTicketIds(value: string): number[] | null {
  if (!/^\d{1,9}(,\d{1,9}){0,199}$/.test(value)) return null;
  return value.split(',').map(Number);
}
