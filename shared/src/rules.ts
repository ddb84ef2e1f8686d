/**
 * Pure domain rules shared by the server and the client: no I/O, no Node or DOM
 * APIs (Intl only), money always in whole agorot. One rule per file under rules/,
 * each with a table-driven test beside it.
 */
export * from './rules/assert';
export * from './rules/locale/supported-locale';

export * from './rules/money/round-half-away-from-zero';
export * from './rules/money/shekels-to-agorot';
export * from './rules/money/agorot-to-shekels';
export * from './rules/money/sum-agorot';
export * from './rules/money/percent-of';
export * from './rules/money/format-shekels';

export * from './rules/text/slugify';
export * from './rules/text/strip-bidi-marks';

export * from './rules/seats/row-seats';
export * from './rules/seats/single-seat-exemption';
export * from './rules/seats/single-seat-blocking';
export * from './rules/seats/orphan-seats';
export * from './rules/seats/single-seat-gap';
export * from './rules/seats/sold-together';
export * from './rules/seats/taken-ratio';
export * from './rules/seats/section-sold-out';
export * from './rules/seats/presentation-sold-out';
export * from './rules/seats/max-seats';
export * from './rules/seats/best-available-rows';
export * from './rules/seats/best-available-scoring';
export * from './rules/seats/best-available-blocks';
export * from './rules/seats/best-available-split';
export * from './rules/seats/best-available';

export * from './rules/catalogue/seating-mode';
export * from './rules/catalogue/presentation-availability';
export * from './rules/catalogue/video-on-demand';
export * from './rules/catalogue/watching-change';
export * from './rules/catalogue/seat-plan-change';
export * from './rules/media/image-upload';
export * from './rules/catalogue/price-zones-carried';
export * from './rules/catalogue/vod-browser';
export * from './rules/catalogue/vod-watch-window';
export * from './rules/catalogue/jerusalem-time';
export * from './rules/catalogue/jerusalem-wall-clock';
export * from './rules/catalogue/date-series';
export * from './rules/catalogue/schedule-overlap';
export * from './rules/catalogue/presentation-readiness';
export * from './rules/catalogue/coupon-terms';
export * from './rules/catalogue/sale-window';
export * from './rules/catalogue/product-limits';
export * from './rules/catalogue/product-sold-with';
export * from './rules/catalogue/channel-quota';
export * from './rules/catalogue/seat-set-aside';

export * from './rules/orders/default-ticket';
export * from './rules/orders/multiply-factor-sub-tickets';
export * from './rules/orders/ticket-discount';
export * from './rules/orders/coupon-messages';
export * from './rules/orders/coupon-application';
export * from './rules/orders/voucher-messages';
export * from './rules/orders/voucher-payment';
export * from './rules/orders/global-service-charge';
export * from './rules/orders/order-totals';
export * from './rules/orders/cart-kind';
export * from './rules/waiver/participant-age';

export * from './rules/customers/israeli-id';
export * from './rules/customers/normalise-mobile';
export * from './rules/customers/israeli-mobile';
export * from './rules/customers/display-mobile';
export * from './rules/customers/mobiles-match';
export * from './rules/customers/clean-address';

export * from './rules/cancellation/cancellation-charge';
export * from './rules/cancellation/cancellation-eligibility';
export * from './rules/cancellation/refund-split';
export * from './rules/cancellation/cancellation-quote';
export * from './rules/cancellation/otp-policy';
export * from './rules/memberships/membership-price-from';

export * from './rules/backoffice/back-office-menu';
export * from './rules/backoffice/within-business-scope';
export * from './rules/backoffice/staff-grant';
export * from './rules/backoffice/ticket-reference';
export * from './rules/backoffice/capacity-report';
export * from './rules/backoffice/staff-role';
export * from './rules/backoffice/report-venue-kind';
export * from './rules/backoffice/walk-in-customer';
export * from './rules/storefront-modes/integration-ts-fresh';

export * from './rules/holds/hold-deadline';
export * from './rules/holds/hold-eligibility';
export * from './rules/holds/hold-holders';
export * from './rules/holds/hold-policy';

export * from './rules/checkin/ticket-code';
export * from './rules/checkin/check-ticket-code';
export * from './rules/checkin/base64url';
export * from './rules/checkin/door-verdict';
export * from './rules/checkin/rotating-code';
