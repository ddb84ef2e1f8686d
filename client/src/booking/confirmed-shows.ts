import type { ApiPresentation } from '@hotline/shared';
import type { CartSeat } from './cart-logic';

/** What the confirmation keeps of a show: enough to name it, date it and place it, in every language. */
export type ConfirmedPresentation = Pick<
  ApiPresentation,
  | 'id'
  | 'featureName'
  | 'featureNameEn'
  | 'featureNameRu'
  | 'featureNameAr'
  | 'dateTime'
  | 'venueName'
  | 'venueNameEn'
  | 'venueNameRu'
  | 'venueNameAr'
  | 'locationName'
  | 'locationNameEn'
  | 'locationNameRu'
  | 'locationNameAr'
> &
  // Optional: a confirmation kept in sessionStorage before online shows were told apart has none.
  Partial<Pick<ApiPresentation, 'venueTypeId'>>;

export interface ConfirmedShow {
  presentation: ConfirmedPresentation;
  /** The seats bought, in cart order (general admission: RowName null). */
  seats: Pick<CartSeat, 'sectionId' | 'RowName' | 'SeatName' | 'XCoordinate' | 'YCoordinate'>[];
}

/**
 * The shows of a paid cart, for the confirmation page (kept with the order in sessionStorage, so a reload still
 * shows them): one entry per show in the order the seats were chosen. A show whose details were never loaded is
 * left out rather than shown half-named; the reservation number and the e-tickets still name it.
 */
export function confirmedShows(
  seats: readonly CartSeat[],
  presentationOf: (id: number) => ApiPresentation | undefined,
): ConfirmedShow[] {
  const shows = new Map<number, ConfirmedShow>();
  for (const seat of seats) {
    let show = shows.get(seat.prsntId);
    if (!show) {
      const p = presentationOf(seat.prsntId);
      if (!p) continue;
      show = {
        presentation: {
          id: p.id,
          featureName: p.featureName,
          featureNameEn: p.featureNameEn,
          featureNameRu: p.featureNameRu ?? null,
          featureNameAr: p.featureNameAr ?? null,
          dateTime: p.dateTime,
          venueName: p.venueName,
          venueNameEn: p.venueNameEn,
          venueNameRu: p.venueNameRu ?? null,
          venueNameAr: p.venueNameAr ?? null,
          locationName: p.locationName,
          locationNameEn: p.locationNameEn,
          locationNameRu: p.locationNameRu ?? null,
          locationNameAr: p.locationNameAr ?? null,
          venueTypeId: p.venueTypeId,
        },
        seats: [],
      };
      shows.set(seat.prsntId, show);
    }
    show.seats.push({
      sectionId: seat.sectionId,
      RowName: seat.RowName,
      SeatName: seat.SeatName,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
    });
  }
  return [...shows.values()];
}
