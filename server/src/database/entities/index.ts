import {
  FeatureEntity, LocationEntity, PresentationEntity, ProductEntity, SeatEntity, SeatGroupEntity,
  SeatplanEntity, SectionEntity, TicketEntity, TicketGroupEntity, VenueEntity, ZoneEntity,
} from './catalogue.entities';
import { PaymentEntity, ReservationEntity, ReservationTicketEntity } from './sales.entities';

export * from './catalogue.entities';
export * from './sales.entities';

export const ALL_ENTITIES = [
  LocationEntity, FeatureEntity, VenueEntity, SeatplanEntity, ZoneEntity, SectionEntity, SeatGroupEntity,
  SeatEntity, PresentationEntity, TicketGroupEntity, TicketEntity, ProductEntity,
  ReservationEntity, ReservationTicketEntity, PaymentEntity,
];
