/**
 * Capacity report rows (memberships-backoffice-spec.md sections 3 and 9): per location or
 * movie, Capacity, Sold, Held (seats of unpaid hold orders: taken, not sold) and Availability
 * (= Capacity - Sold - Held, never below 0), then one total
 * row with id -1 named "כל בתי הקולנוע" (all cinemas). Location id 1 is excluded from the
 * totals (the spec's rule; its own row still shows).
 */
export const CAPACITY_TOTAL_ID = -1;
export const CAPACITY_TOTAL_NAME = 'כל בתי הקולנוע';
export const CAPACITY_EXCLUDED_LOCATION_ID = 1;

export interface CapacityInput {
  id: number;
  name: string;
  capacity: number;
  sold: number;
  held: number;
  /** The location the row belongs to (a by-movie row may span several; null = many). */
  locationId: number | null;
}

export interface CapacityRow {
  id: number;
  name: string;
  Capacity: number;
  Sold: number;
  Held: number;
  Availability: number;
}

export function capacityReport(rows: readonly CapacityInput[]): CapacityRow[] {
  const out = rows.map((r) => ({
    id: r.id,
    name: r.name,
    Capacity: r.capacity,
    Sold: r.sold,
    Held: r.held,
    Availability: Math.max(0, r.capacity - r.sold - r.held),
  }));
  const counted = rows.filter((r) => r.locationId !== CAPACITY_EXCLUDED_LOCATION_ID);
  const capacity = counted.reduce((s, r) => s + r.capacity, 0);
  const sold = counted.reduce((s, r) => s + r.sold, 0);
  const held = counted.reduce((s, r) => s + r.held, 0);
  out.push({
    id: CAPACITY_TOTAL_ID,
    name: CAPACITY_TOTAL_NAME,
    Capacity: capacity,
    Sold: sold,
    Held: held,
    Availability: Math.max(0, capacity - sold - held),
  });
  return out;
}
