import type { VenueDocument } from './format';

export interface VenueStats {
  sections: number;
  reservedSections: number;
  generalAdmissionSections: number;
  /** Numbered seats in reserved sections. */
  seats: number;
  /** Sum of general-admission capacities. */
  generalAdmissionCapacity: number;
  /** seats + generalAdmissionCapacity. */
  capacity: number;
  rows: number;
  /** Seats per zone code (general admission not included). */
  seatsByZone: Record<string, number>;
  /** Seats carrying each feature code. */
  seatsByFeature: Record<number, number>;
  /** Distinct (section, together id) groups. */
  togetherGroups: number;
}

export function venueStats(doc: VenueDocument): VenueStats {
  const stats: VenueStats = {
    sections: doc.sections.length,
    reservedSections: 0,
    generalAdmissionSections: 0,
    seats: 0,
    generalAdmissionCapacity: 0,
    capacity: 0,
    rows: 0,
    seatsByZone: {},
    seatsByFeature: {},
    togetherGroups: 0,
  };
  for (const section of doc.sections) {
    if (section.isReserved) stats.reservedSections++;
    else {
      stats.generalAdmissionSections++;
      stats.generalAdmissionCapacity += section.capacity ?? 0;
    }
    const together = new Set<number>();
    for (const group of section.groups)
      for (const row of group.rows) {
        stats.rows++;
        for (const seat of row.seats) {
          stats.seats++;
          stats.seatsByZone[seat.zone] = (stats.seatsByZone[seat.zone] ?? 0) + 1;
          for (const f of seat.features) stats.seatsByFeature[f] = (stats.seatsByFeature[f] ?? 0) + 1;
          if (seat.together !== null) together.add(seat.together);
        }
      }
    stats.togetherGroups += together.size;
  }
  stats.capacity = stats.seats + stats.generalAdmissionCapacity;
  return stats;
}
