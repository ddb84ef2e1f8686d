import { toColumnarSeatplan } from '@hotline/shared';
import { venueDocumentToApiSeatplan } from '../../api-seatplan';
import { seatPlanCentre } from '../../geometry';
import { smallVenue } from '../../__tests__/fixture';
import { validateVenue } from '../../validate';
import { generateTheatre } from '../../generators';

describe('venueDocumentToApiSeatplan', () => {
  const doc = validateVenue(smallVenue(), 'small');
  const api = venueDocumentToApiSeatplan(doc, { venueId: 7, seatplanId: 9 });

  it('numbers zones, sections and groups in file order and links seats to them', () => {
    expect(api.Zones.map((z) => [z.ZoneId, z.Code])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
    expect(api.sections.map((s) => [s.VenueSectionId, s.IsReserved, s.ZoneId])).toEqual([
      [1, true, null],
      [2, false, 2],
    ]);
    const seat = api.sections[0]!.groups[0]!.rows[0]!.seats[0]!;
    expect(seat).toMatchObject({ VenueId: 7, VenueSeatplanId: 9, VenueSectionId: 1, TicketGroupId: 1, SeatName: '1' });
    expect(seat.features).toEqual([10]);
  });

  it('puts each seat centre where the server stores it (2 decimals)', () => {
    const theatre = generateTheatre();
    const apiTheatre = venueDocumentToApiSeatplan(theatre);
    theatre.sections.forEach((s, si) => {
      const seat = s.groups[0]?.rows[0]?.seats[0];
      if (!seat) return;
      const c = seatPlanCentre(s.box, seat);
      const got = apiTheatre.sections[si]!.groups[0]!.rows[0]!.seats[0]!;
      expect([got.SeatplanX, got.SeatplanY]).toEqual([Math.round(c.x * 100) / 100, Math.round(c.y * 100) / 100]);
    });
  });

  it('carries the stage label in four languages and converts to the columnar form', () => {
    expect(api.Stage).toMatchObject({ label: 'במה', labelEn: 'Stage', labelRu: null, labelAr: null });
    expect(() => toColumnarSeatplan(api)).not.toThrow();
  });
});
