import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import type { VenueDocument, VenueSeat, VenueSection } from '../format';
import { generateArena, generateCinema, generateStadium, generateTheatre, STADIUM_SEATS } from '../generators';
import { serializeVenue } from '../serialize';
import { venueStats } from '../stats';
import { validateVenue } from '../validate';

interface SeatAt {
  section: VenueSection;
  groupCode: string;
  rowName: string;
  seat: VenueSeat;
}

function seatsOf(doc: VenueDocument): SeatAt[] {
  const out: SeatAt[] = [];
  for (const section of doc.sections)
    for (const group of section.groups)
      for (const row of group.rows)
        for (const seat of row.seats) out.push({ section, groupCode: group.code, rowName: row.name, seat });
  return out;
}

const HEBREW = /[\u05D0-\u05EA]/;

// Generated once per file: the stadium takes a few hundred milliseconds.
const venues = {
  cinema: generateCinema(),
  theatre: generateTheatre(),
  arena: generateArena(),
  stadium: generateStadium(),
};

describe.each(Object.entries(venues))('%s generator', (name, doc) => {
  it('passes validateVenue', () => {
    expect(() => validateVenue(doc, `${name}.json`)).not.toThrow();
  });

  it('names everything in Hebrew and English', () => {
    const names = [
      doc.name,
      doc.location.name,
      doc.seatplan.name,
      ...doc.zones.map((z) => z.name),
      ...doc.sections.map((s) => s.name),
    ];
    if (doc.seatplan.stage) names.push(doc.seatplan.stage.label);
    for (const n of names) {
      expect(n.he).toMatch(HEBREW);
      expect(n.en).toMatch(/^[\x20-\x7E–]+$/);
    }
  });

  it('uses every zone it declares', () => {
    const used = new Set([
      ...seatsOf(doc).map((s) => s.seat.zone),
      ...doc.sections.flatMap((s) => (s.zone ? [s.zone] : [])),
    ]);
    expect([...used].sort()).toEqual(doc.zones.map((z) => z.code).sort());
  });
});

describe('generators are deterministic', () => {
  it.each([
    ['cinema', generateCinema],
    ['theatre', generateTheatre],
    ['arena', generateArena],
  ] as const)('%s', (name, generate) => {
    expect(serializeVenue(generate())).toBe(serializeVenue(venues[name]));
  });
});

describe('cinema', () => {
  const doc = venues.cinema;
  const seats = seatsOf(doc);
  const withFeature = (code: number) => seats.filter((s) => s.seat.features.includes(code));

  it('has one hall of 150 seats in 11 rows facing a screen', () => {
    const stats = venueStats(doc);
    expect(stats).toMatchObject({ sections: 1, seats: 150, rows: 11, generalAdmissionCapacity: 0 });
    expect(doc.seatplan.name.he).toBe('אולם 1');
    expect(doc.seatplan.stage?.label).toEqual({ he: 'מסך', en: 'Screen', ru: 'Экран', ar: 'الشاشة' });
  });

  it('puts six two-seat couches in the back row, each pair sharing a together id', () => {
    const couches = withFeature(F.isCouch);
    expect(couches).toHaveLength(12);
    expect(new Set(couches.map((s) => s.rowName))).toEqual(new Set(['11']));
    const byTogether = new Map<number, SeatAt[]>();
    for (const s of couches) byTogether.set(s.seat.together!, [...(byTogether.get(s.seat.together!) ?? []), s]);
    expect(byTogether.size).toBe(6);
    for (const pair of byTogether.values()) {
      expect(pair).toHaveLength(2);
      expect(Math.abs(pair[0]!.seat.x - pair[1]!.seat.x)).toBe(1);
    }
    expect(seats.filter((s) => s.seat.together !== null)).toHaveLength(12);
  });

  it('has wheelchair spaces with companions at the sides of the front row', () => {
    const front = seats.filter((s) => s.rowName === '1').sort((a, b) => a.seat.x - b.seat.x);
    const codes = front.map((s) => s.seat.features);
    expect(codes[0]).toEqual([F.isHandicap]);
    expect(codes[1]).toEqual([F.isCompanion]);
    expect(codes[codes.length - 2]).toEqual([F.isCompanion]);
    expect(codes[codes.length - 1]).toEqual([F.isHandicap]);
    expect(withFeature(F.isHandicap)).toHaveLength(2);
    expect(withFeature(F.isCompanion)).toHaveLength(2);
  });

  it('marks limited-view seats only at the row edges', () => {
    const limited = withFeature(F.isLimitedView);
    expect(limited).toHaveLength(6);
    for (const s of limited) {
      const rowSeats = seats.filter((o) => o.rowName === s.rowName).map((o) => o.seat.x);
      expect([Math.min(...rowSeats), Math.max(...rowSeats)]).toContain(s.seat.x);
    }
  });
});

describe('theatre', () => {
  const doc = venues.theatre;
  const seats = seatsOf(doc);
  const section = (code: string) => doc.sections.find((s) => s.code === code)!;

  it('has about 1,200 seats in stalls, balcony and two side boxes', () => {
    const stats = venueStats(doc);
    expect(stats.seats).toBeGreaterThanOrEqual(1150);
    expect(stats.seats).toBeLessThanOrEqual(1250);
    expect(doc.sections.map((s) => s.code)).toEqual(['stalls', 'balcony', 'box-right', 'box-left']);
    expect(section('stalls').name.he).toBe('קומת קרקע');
    expect(section('balcony').name.he).toBe('יציע');
    expect(section('box-right').name.he).toBe('תא צד ימין');
  });

  it('rotates the side boxes by ∓30 degrees', () => {
    expect(section('box-right').box.rotate).toBe(-30);
    expect(section('box-left').box.rotate).toBe(30);
  });

  it('fans the stalls: seats turn towards the stage, symmetric about the centre', () => {
    const stalls = seats.filter((s) => s.section.code === 'stalls');
    const rotations = stalls.map((s) => s.seat.rotate);
    expect(Math.min(...rotations)).toBeLessThan(-40);
    expect(Math.max(...rotations)).toBeGreaterThan(40);
    expect(section('stalls').outline!.length).toBeGreaterThan(10);
  });

  it('has premium seats only in the central stalls, zones A/B/C', () => {
    const premium = seats.filter((s) => s.seat.features.includes(F.isPremium));
    expect(premium.length).toBeGreaterThanOrEqual(40);
    for (const s of premium) {
      expect(s.section.code).toBe('stalls');
      expect(s.groupCode).toBe('centre');
      expect(s.seat.zone).toBe('A');
    }
    expect(doc.zones.map((z) => z.code)).toEqual(['A', 'B', 'C']);
    expect(new Set(seats.filter((s) => s.section.code === 'balcony').map((s) => s.seat.zone))).toEqual(new Set(['C']));
  });
});

describe('arena', () => {
  const doc = venues.arena;
  const stats = venueStats(doc);

  it('holds about 20,000 people: reserved stands plus general-admission floor', () => {
    expect(stats.capacity).toBeGreaterThanOrEqual(19000);
    expect(stats.capacity).toBeLessThanOrEqual(21000);
    expect(stats.seats).toBeGreaterThan(14000);
  });

  it('has 3 general-admission floor sections with capacities and no seats', () => {
    const ga = doc.sections.filter((s) => !s.isReserved);
    expect(ga.map((s) => s.code)).toEqual(['floor-golden', 'floor-front', 'floor-rear']);
    for (const s of ga) {
      expect(s.capacity).toBeGreaterThan(0);
      expect(s.groups).toEqual([]);
      expect(s.zone).not.toBeNull();
    }
    expect(stats.generalAdmissionCapacity).toBe(4500);
  });

  it('surrounds the floor with many stands at many angles', () => {
    const stands = doc.sections.filter((s) => s.isReserved);
    expect(stands.length).toBeGreaterThanOrEqual(40);
    expect(new Set(stands.map((s) => Math.round(s.box.rotate))).size).toBeGreaterThanOrEqual(30);
    // Stands face the floor from every direction.
    const quadrants = new Set(stands.map((s) => Math.floor((((s.box.rotate % 360) + 360) % 360) / 90)));
    expect(quadrants).toEqual(new Set([0, 1, 2, 3]));
  });
});

describe('stadium', () => {
  it('has exactly 100,000 seats in an oval of rotated stands', () => {
    const doc = venues.stadium;
    const stats = venueStats(doc);
    expect(STADIUM_SEATS).toBe(100_000);
    expect(stats.seats).toBe(100_000);
    expect(stats.generalAdmissionCapacity).toBe(0);
    expect(doc.sections.length).toBeGreaterThanOrEqual(100);
    expect(new Set(doc.sections.map((s) => Math.round(s.box.rotate))).size).toBeGreaterThanOrEqual(50);
    expect(stats.seatsByFeature[F.isHandicap]).toBeGreaterThan(0);
  });

  it('generates a stadium that validates (its speed is benchmarked, not asserted here)', () => {
    expect(() => validateVenue(generateStadium(), 'stadium.json')).not.toThrow();
  });
});
