import { z } from 'zod';
import type { Cart } from '@hotline/shared';
import { dbId, dbInt } from '../common/ids';

/**
 * Zod for the cart as the storefront sends it (shared/src/booking/cart.ts).
 * Shape and bounds only: whether the prices, seats, codes and vouchers are right
 * is the commit's job, against the server's own data.
 */

/** Ids arrive as numbers, or as digit strings from older clients. */
const id = dbId;

/** Shekels with at most two decimals (42.5 = ₪42.50); agorot are computed on the server. */
export const shekels = z
  .number()
  .min(0, 'must not be negative')
  .max(10_000_000, 'is too large')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most 2 decimals');

const coordinate = z.number().int().min(-100_000).max(100_000).nullable();
const shortText = (max: number) => z.string().max(max).nullable().optional();

const cartSeat = z.object({
  prsntId: id,
  ticketGroupId: id,
  venueId: id.optional(),
  seatplanId: id.optional(),
  sectionId: id,
  ticketId: id,
  amount: shekels,
  serviceCharge: shekels,
  pricePolicyId: dbInt.optional(),
  allocationId: dbInt.nullable().optional(),
  isMultiplyFactorSubTicket: z.boolean().optional(),
  code: shortText(64),
  ref1: shortText(100),
  ref2: shortText(100),
  memberNumber: shortText(64),
  systemVoucher: z
    .union([z.boolean(), z.string().max(64)])
    .nullable()
    .optional(),
  XCoordinate: coordinate,
  YCoordinate: coordinate,
  SeatplanX: z.number().min(-1e7).max(1e7).nullable().optional(),
  SeatplanY: z.number().min(-1e7).max(1e7).nullable().optional(),
  RowName: shortText(50),
  SeatName: shortText(50),
});

const memberSeat = z.object({ sectionId: id, x: z.number().int(), y: z.number().int() }).nullable().optional();
/** Membership and enrolment items (memberships-backoffice-spec.md section 7); priced by memberships/membership-quote.service.ts. */
const membershipItems = z
  .array(
    z.union([
      z.object({
        membershipId: id,
        ticketId: id,
        seasonId: id,
        totalAmount: shekels,
        seat: memberSeat,
        ticketGroupId: dbInt.nullable().optional(),
        selections: z.array(z.object({ prsntId: id }).passthrough()).max(100),
      }),
      z.object({
        membershipId: id,
        membershipPriceId: id,
        currencyId: dbInt.optional(),
        reference1: shortText(100),
        reference2: shortText(100),
        memberNumber: shortText(64),
        isTopup: z.boolean().optional(),
        seat: memberSeat,
        price: shekels.optional(),
      }),
    ]),
  )
  .max(10);

const customerValue = z
  .union([z.string().max(200), z.number()])
  .nullable()
  .optional();

/** The customer fields as typed; checked strictly (shared customer schema) at commit, stored as-is in a saved cart. */
const customerInfo = z.object({
  firstName: customerValue,
  lastName: customerValue,
  ssn: customerValue,
  email: customerValue,
  mobileNumber: customerValue,
  verifyMobileNumber: customerValue,
  address1: customerValue,
  address2: customerValue,
  city: customerValue,
  postalCode: customerValue,
  dateOfBirth: customerValue,
  location: customerValue,
  isMailingAllowed: z.boolean().nullable().optional(),
  termsAccepted: z.boolean().nullable().optional(),
});

export const cartSchema = z.object({
  seats: z.array(cartSeat).max(100, 'at most 100 seats per order'),
  products: z
    .array(z.object({ id, quantity: z.number().int().min(1).max(50) }))
    .max(30)
    .optional(),
  voucherPayments: z
    .array(
      z.object({
        amount: shekels,
        id,
        code: z.string().trim().min(1).max(64),
        balance: shekels.optional(),
        systemVoucher: z
          .union([z.boolean(), z.string().max(64)])
          .nullable()
          .optional(),
      }),
    )
    .max(10, 'at most 10 vouchers per order')
    .optional(),
  vouchers: z
    .array(
      z.object({
        SystemVoucherId: id,
        SystemVoucherPriceId: id,
        Quantity: z.number().int().min(1).max(10),
        Price: shekels,
        Date: z.string().max(40).nullable().optional(),
        RedemptionData: z
          .object({ reference: z.string().max(100).nullable().optional(), price: shekels.nullable().optional() })
          .nullable()
          .optional(),
      }),
    )
    .max(10, 'at most 10 vouchers per order')
    .optional(),
  donations: z
    .array(
      z.object({
        donationId: id,
        donationDetailId: id,
        quantity: z.number().int().min(1).max(100),
        customAmount: shekels.nullable().optional(),
        amount: shekels.nullable().optional(),
      }),
    )
    .max(20)
    .optional(),
  memberships: membershipItems.optional(),
  /** Membership discount codes: at most one is accepted (MEMBERSHIP_DISCOUNT_ONE_ONLY); a list so a second is refused by name. */
  membershipDiscountCodes: z.array(z.string().trim().min(1).max(40)).max(5).optional(),
  locationId: dbInt.nullable().optional(),
  waivers: z
    .array(
      z.object({
        presentationId: id,
        participants: z
          .array(
            z.object({
              name: z.string().trim().min(2).max(100),
              dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD'),
            }),
          )
          .min(1)
          .max(20),
        // A drawn signature as a PNG data URL; 300 kB is far above what a signature pad produces.
        signature: z.string().max(300_000),
        acceptedTerms: z.boolean(),
      }),
    )
    .max(10)
    .optional(),
  ticketCodes: z.array(z.string().trim().min(1).max(64)).max(10).optional(),
  customerInfo: customerInfo.nullable().optional(),
  numberOfPayments: z.number().int().min(1).max(36).optional(),
  globalServiceCharge: z
    .object({
      name: z.string().max(100).nullable().optional(),
      amountPerOrder: shekels.nullable().optional(),
      percentRatePerOrder: z.number().min(0).max(100).nullable().optional(),
    })
    .nullable()
    .optional(),
  cartIdentifier: z.uuid('must be a uuid').nullable().optional(),
  paymentIdentifier: z.string().max(200).nullable().optional(),
  total: shekels.nullable().optional(),
  miniSiteUrl: z.string().max(200).nullable().optional(),
  domain: z.string().max(200).nullable().optional(),
  /** A partner link's id (GET /api/integration), recorded on the reservation. */
  integrationId: z.string().max(64).nullable().optional(),
  isHold: z.boolean().optional(),
  reservationIdentifier: z.string().max(64).nullable().optional(),
  // Producer variant (box office): checked against the staff session in orders/producer-sale.ts.
  mobileNumber: z.string().max(30).nullable().optional(),
  customerName: z.string().max(200).nullable().optional(),
  tender: z.enum(['card', 'cash']).nullable().optional(),
  // Spec fields the server does not act on. Card data (creditcardInfo, paypal) is accepted but never stored.
  zoom: z.unknown().optional(),
  creditcardInfo: z.unknown().optional(),
  paypal: z.unknown().optional(),
  ticketGroups: z.unknown().optional(),
  systemInquiry: z.unknown().optional(),
  modify: z.unknown().optional(),
  modifiedTickets: z.unknown().optional(),
});
export type ParsedCart = z.infer<typeof cartSchema>;

export const saveCartBody = z.object({
  cart: cartSchema,
  uuid: z.string().max(64).optional(),
  /** The solved bot check (the storefront's recaptchaToken); checked by the route guard. */
  recaptchaToken: z.string().min(1).max(20_000).optional(),
});

export const resIdParams = z.object({ resId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not a cart reference') });
/** `uuid` is accepted for old links and ignored: the visitor is the uuid header or cookie. */
export const restoreQuery = z.object({ uuid: z.string().max(64).optional(), lang: z.string().optional() });

/** What a saved cart keeps: everything but card data, which must never be stored. */
export function storableCart(cart: ParsedCart, cartIdentifier: string): Cart {
  const { creditcardInfo: _card, paypal: _paypal, paymentIdentifier: _auth, ...rest } = cart;
  return { ...rest, cartIdentifier } as Cart;
}
