import type { ApiPresentation } from '@hotline/shared';
import type { CartSeat } from '../cart-logic';
import { confirmedShows } from '../confirmed-shows';

const seat = (prsntId: number, x: number, row: string | null = 'A'): CartSeat => ({
  prsntId,
  ticketGroupId: 10,
  venueId: 2,
  seatplanId: 3,
  sectionId: 5,
  ticketId: 1,
  amount: 40,
  serviceCharge: 3,
  pricePolicyId: null,
  allocationId: null,
  isMultiplyFactorSubTicket: false,
  code: null,
  XCoordinate: x,
  YCoordinate: row ? 1 : 0,
  SeatplanX: null,
  SeatplanY: null,
  RowName: row,
  SeatName: String(x),
});

const show = (id: number) =>
  ({
    id,
    featureId: 1,
    featureName: `הצגה ${id}`,
    featureNameEn: `Show ${id}`,
    dateTime: '2026-12-01T18:30:00Z',
    venueName: 'אולם 1',
    venueNameEn: 'Hall 1',
    locationName: 'תל אביב',
    locationNameEn: 'Tel Aviv',
    featureNameRu: `Шоу ${id}`,
    venueTypeId: 1,
    soldout: false,
  }) as ApiPresentation;

describe('confirmedShows: the confirmation names each show, its date, venue and seats', () => {
  test.each([
    ['no seats, no shows', [], [1], []],
    ['one show, its seats in cart order', [seat(1, 7), seat(1, 6)], [1], [[1, ['A7', 'A6']]]],
    [
      'two shows, in the order they were first chosen',
      [seat(2, 1), seat(1, 3), seat(2, 2)],
      [1, 2],
      [
        [2, ['A1', 'A2']],
        [1, ['A3']],
      ],
    ],
    ['general admission keeps its place number', [seat(1, 4, null)], [1], [[1, ['null4']]]],
    ['a show whose details never loaded is left out', [seat(1, 1), seat(9, 1)], [1], [[1, ['A1']]]],
  ] as const)('%s', (_what, seats, known, expected) => {
    const result = confirmedShows(seats, (id) => ((known as readonly number[]).includes(id) ? show(id) : undefined));
    expect(result.map((s) => [s.presentation.id, s.seats.map((x) => `${x.RowName}${x.SeatName}`)])).toEqual(expected);
  });

  test('keeps the names in every language, the date and the place, and nothing else of the presentation', () => {
    const [first] = confirmedShows([seat(1, 1)], () => show(1));
    expect(first!.presentation).toEqual({
      id: 1,
      featureName: 'הצגה 1',
      featureNameEn: 'Show 1',
      featureNameRu: 'Шоу 1',
      featureNameAr: null,
      dateTime: '2026-12-01T18:30:00Z',
      venueName: 'אולם 1',
      venueNameEn: 'Hall 1',
      venueNameRu: null,
      venueNameAr: null,
      locationName: 'תל אביב',
      locationNameEn: 'Tel Aviv',
      locationNameRu: null,
      locationNameAr: null,
      venueTypeId: 1,
    });
  });
});
