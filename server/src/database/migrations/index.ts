import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { BookingPayment1764000000000 } from './1764000000000-booking-payment';
import { CustomersCancellations1795458889598 } from './1795458889598-customers-cancellations';
import { CommitRecovery1795458903701 } from './1795458903701-commit-recovery';
import { SeatHoldCap1795459370693 } from './1795459370693-seat-hold-cap';
import { CatalogueTranslations1795460000000 } from './1795460000000-catalogue-translations';
import { BackOfficeStaff1795470000000 } from './1795470000000-back-office-staff';
import { SalesDaily1795470000001 } from './1795470000001-sales-daily';
import { GiftVouchersDonations1795593642340 } from './1795593642340-gift-vouchers-donations';
import { Waivers1795596000000 } from './1795596000000-waivers';
import { SectionTranslations1795600000000 } from './1795600000000-section-translations';
import { StaffAuthenticatorEnrolment1795780000000 } from './1795780000000-staff-authenticator-enrolment';
import { MembershipDiscountCodes1795791000000 } from './1795791000000-membership-discount-codes';
import { OrderChanges1795760000000 } from './1795760000000-order-changes';
import { WalletSandbox1795750000000 } from './1795750000000-wallet-sandbox';
import { Memberships1795720000000 } from './1795720000000-memberships';
import { MiniSitesIntegration1795740000000 } from './1795740000000-mini-sites-integration';
import { OnSaleQueue1795710000000 } from './1795710000000-on-sale-queue';
import { OnSaleDemoLine1795830000000 } from './1795830000000-on-sale-demo-line';
import { OneHoldPaymentAtATime1795840000000 } from './1795840000000-one-hold-payment-at-a-time';
import { GivenBackDraws1795840000001 } from './1795840000001-given-back-draws';
import { StaffSignInFailures1795840000002 } from './1795840000002-staff-sign-in-failures';
import { MemberUnitsPerTicket1795900000000 } from './1795900000000-member-units-per-ticket';
import { SeatPlanVersions1795910000000 } from './1795910000000-seat-plan-versions';
import { EventsAndDatesAdmin1795920000000 } from './1795920000000-events-and-dates-admin';
import { PresentationCancellation1795930000000 } from './1795930000000-presentation-cancellation';
import { StaffAdmin1795940000000 } from './1795940000000-staff-admin';
import { ZoneTranslations1795945000000 } from './1795945000000-zone-translations';
import { ProductAdmin1795970000000 } from './1795970000000-product-admin';
import { CouponTerms1795970000001 } from './1795970000001-coupon-terms';
import { DoorCheckin1795950000000 } from './1795950000000-door-checkin';
import { PaymentFailuresIndex1795960000000 } from './1795960000000-payment-failures-index';
import { DoorConflictReview1795970500000 } from './1795970500000-door-conflict-review';
import { OneMoneyAttempt1795975000000 } from './1795975000000-one-money-attempt';
import { CancellationRefundsAsMoneyAttempts1795980000000 } from './1795980000000-cancellation-refunds-as-money-attempts';
import { CartChargesAsMoneyAttempts1796000000000 } from './1796000000000-cart-charges-as-money-attempts';
import { RotatingTicketCode1796010000000 } from './1796010000000-rotating-ticket-code';
import { PresentationSaleWindow1796030000000 } from './1796030000000-presentation-sale-window';
import { ProductStock1796030000001 } from './1796030000001-product-stock';
import { PresentationHoldPolicy1796040000000 } from './1796040000000-presentation-hold-policy';
import { ChannelQuotas1796045000000 } from './1796045000000-channel-quotas';
import { SeatplanDecor1796060000000 } from './1796060000000-seatplan-decor';
import { PresentationHoldHolders1796100000000 } from './1796100000000-presentation-hold-holders';
import { SaleCounterCheckNames1796200000000 } from './1796200000000-sale-counter-check-names';
import { SeatAllocationRelease1796400000000 } from './1796400000000-seat-allocation-release';
import { MediaBlob1796500000000 } from './1796500000000-media-blob';
import { SeatPlanMove1796510000000 } from './1796510000000-seat-plan-move';
import { ProductPerDate1796510000001 } from './1796510000001-product-per-date';
import { SeatParentsCheckedPerStatement1796540000000 } from './1796540000000-seat-parents-checked-per-statement';
import { SeatPlanDocumentJson1796580000000 } from './1796580000000-seat-plan-document-json';
import { HoldOrders1795730000000 } from './1795730000000-hold-orders';
import { TicketReferences1795770000000 } from './1795770000000-ticket-references';
import { LimitClaims1795810000000 } from './1795810000000-limit-claims';
import { ReportsCountHeldApart1795800000000 } from './1795800000000-reports-count-held-apart';
import { GiftTranslations1795820000000 } from './1795820000000-gift-translations';
import { VenueKind1795820000001 } from './1795820000001-venue-kind';
import { TicketSeatInPlan1796300000000 } from './1796300000000-ticket-seat-in-plan';

/** Listed explicitly (no globs) so the same list works from src under jest and from dist. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  BookingPayment1764000000000,
  CustomersCancellations1795458889598,
  CommitRecovery1795458903701,
  SeatHoldCap1795459370693,
  CatalogueTranslations1795460000000,
  BackOfficeStaff1795470000000,
  SalesDaily1795470000001,
  GiftVouchersDonations1795593642340,
  Waivers1795596000000,
  SectionTranslations1795600000000,
  OnSaleQueue1795710000000,
  Memberships1795720000000,
  HoldOrders1795730000000,
  MiniSitesIntegration1795740000000,
  WalletSandbox1795750000000,
  OrderChanges1795760000000,
  TicketReferences1795770000000,
  StaffAuthenticatorEnrolment1795780000000,
  MembershipDiscountCodes1795791000000,
  ReportsCountHeldApart1795800000000,
  LimitClaims1795810000000,
  GiftTranslations1795820000000,
  VenueKind1795820000001,
  OnSaleDemoLine1795830000000,
  OneHoldPaymentAtATime1795840000000,
  GivenBackDraws1795840000001,
  StaffSignInFailures1795840000002,
  MemberUnitsPerTicket1795900000000,
  SeatPlanVersions1795910000000,
  EventsAndDatesAdmin1795920000000,
  PresentationCancellation1795930000000,
  StaffAdmin1795940000000,
  ZoneTranslations1795945000000,
  DoorCheckin1795950000000,
  PaymentFailuresIndex1795960000000,
  ProductAdmin1795970000000,
  CouponTerms1795970000001,
  DoorConflictReview1795970500000,
  OneMoneyAttempt1795975000000,
  CancellationRefundsAsMoneyAttempts1795980000000,
  CartChargesAsMoneyAttempts1796000000000,
  RotatingTicketCode1796010000000,
  PresentationSaleWindow1796030000000,
  ProductStock1796030000001,
  PresentationHoldPolicy1796040000000,
  ChannelQuotas1796045000000,
  SeatplanDecor1796060000000,
  PresentationHoldHolders1796100000000,
  SaleCounterCheckNames1796200000000,
  TicketSeatInPlan1796300000000,
  SeatAllocationRelease1796400000000,
  MediaBlob1796500000000,
  SeatPlanMove1796510000000,
  ProductPerDate1796510000001,
  SeatParentsCheckedPerStatement1796540000000,
  SeatPlanDocumentJson1796580000000,
];
