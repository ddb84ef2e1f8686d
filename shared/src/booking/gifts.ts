/**
 * Wire types of gift (system) vouchers and donations
 * (memberships-backoffice-spec.md sections 3 and 7; docs/vouchers-donations-waivers.md).
 * Money in shekels on the wire, like every booking call.
 */

/** One price of a voucher on sale: pay `Price`, get a voucher worth `redemptionData.price`. */
export interface SystemVoucherPrice {
  SystemVoucherPriceId: number;
  Price: number;
  redemptionData: { reference: string; price: number };
  /** Always 0 in a listing; the storefront counts the visitor's choice here. */
  selectedQuantity: number;
  IsNew: boolean;
}

/** A voucher on sale (a class), as GET /system-vouchers lists it. */
export interface SystemVoucherOffer {
  SystemVoucherId: number;
  SystemVoucherClassId: number;
  SystemVoucherSuperClassId: number;
  Name: string;
  NameEn: string;
  /** Russian and Arabic, null where none is stored: the storefront then shows the English. */
  NameRu: string | null;
  NameAr: string | null;
  Description: string;
  DescriptionEn: string;
  DescriptionRu: string | null;
  DescriptionAr: string | null;
  /** Days a sold voucher is valid. */
  ValidDays: number;
  Prices: SystemVoucherPrice[];
  /** Sale window (ISO), null when open. */
  Date: { start: string | null; end: string | null };
}

export interface SystemVoucherOffersResponse {
  vouchers: SystemVoucherOffer[];
  /** At most this many vouchers in one order (spec: 10). */
  maxPerOrder: number;
}

export type SystemVoucherHistoryKind =
  'purchase' | 'store_credit' | 'redemption' | 'recredit' | 'cancel' | 'replacement';

export interface SystemVoucherHistoryEntry {
  kind: SystemVoucherHistoryKind;
  /** Shekels moved by this entry (0 for cancel and replacement). */
  amount: number;
  /** Balance after it, shekels. */
  balance: number;
  /** ISO 8601. */
  date: string;
  /** The order it belongs to, when there is one. */
  reservationIdentifier: string | null;
}

export interface SystemVoucherHistoryResponse {
  Reference: string;
  Name: string;
  NameEn: string;
  /** Russian and Arabic, null where none is stored. */
  NameRu: string | null;
  NameAr: string | null;
  Value: number;
  Balance: number;
  IsActive: boolean;
  IsForReplacement: boolean;
  StartDate: string;
  EndDate: string | null;
  DateTimeCreated: string;
  history: SystemVoucherHistoryEntry[];
}

/** A donation option: a preset amount, or the custom one (`customAmount: true`, the donor types the amount). */
export interface DonationDetail {
  id: number;
  amount: number;
  customAmount: boolean;
  selectedQuantity: number;
}

export interface Donation {
  id: number;
  Code: string;
  Name: string;
  NameEn: string;
  /** Russian and Arabic, null where none is stored: the storefront then shows the English. */
  NameRu: string | null;
  NameAr: string | null;
  Description: string;
  DescriptionEn: string;
  DescriptionRu: string | null;
  DescriptionAr: string | null;
  /** Bounds of a custom amount, shekels. */
  MinCustomAmount: number;
  MaxCustomAmount: number;
  donationDetails: DonationDetail[];
}

export interface DonationsResponse {
  donations: Donation[];
}
