import {
  FeatureEntity,
  LocationEntity,
  PresentationEntity,
  ProductEntity,
  SeatEntity,
  SeatGroupEntity,
  SeatplanEntity,
  SectionEntity,
  TicketEntity,
  TicketGroupEntity,
  VenueEntity,
  ZoneEntity,
} from './catalogue.entities';
import { PaymentEntity, ReservationEntity, ReservationTicketEntity } from './sales.entities';
import {
  CartEntity,
  NotificationOutboxEntity,
  SandboxCardAuthorisationEntity,
  SandboxChargeEntity,
  SandboxPaymentFormEntity,
  SentMessageEntity,
  SystemVoucherEntity,
} from './booking.entities';

export * from './catalogue.entities';
export * from './sales.entities';
export * from './booking.entities';

export const ALL_ENTITIES = [
  LocationEntity,
  FeatureEntity,
  VenueEntity,
  SeatplanEntity,
  ZoneEntity,
  SectionEntity,
  SeatGroupEntity,
  SeatEntity,
  PresentationEntity,
  TicketGroupEntity,
  TicketEntity,
  ProductEntity,
  ReservationEntity,
  ReservationTicketEntity,
  PaymentEntity,
  CartEntity,
  SystemVoucherEntity,
  NotificationOutboxEntity,
  SentMessageEntity,
  SandboxPaymentFormEntity,
  SandboxCardAuthorisationEntity,
  SandboxChargeEntity,
];
