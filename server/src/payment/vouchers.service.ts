import { Injectable } from '@nestjs/common';
import type { VoucherLookupResponse } from '@hotline/shared';
import { agorotToShekels } from '@hotline/shared';
import { BookingError } from '../cart';
import { AppError } from '../common/app-error';
import type { Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import { VouchersRepository, type VoucherRow } from './vouchers.repository';

/** A voucher the visitor may pay with now; the spec's refusals otherwise. */
export function assertUsable(voucher: VoucherRow | null | undefined, code?: string): VoucherRow {
  // A voucher's id alone is not proof of holding it: the code typed must match too.
  if (!voucher || (code !== undefined && voucher.reference.toLowerCase() !== code.trim().toLowerCase())) {
    throw new BookingError('VOUCHER_NOT_FOUND');
  }
  // Cancelled, or valid only from a later date: the holder knows the reference, so say why.
  if (!voucher.active || voucher.notStarted) throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE');
  if (voucher.expired) throw new BookingError('VOUCHER_EXPIRED');
  if (voucher.balanceAgorot <= 0) throw new BookingError('VOUCHER_NO_BALANCE', {}, { voucher: voucher.reference });
  return voucher;
}

/** A voucher limited to some outlets pays only for shows there (SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET). */
export function assertPaysAt(voucher: VoucherRow, locationIds: readonly number[]): void {
  if (voucher.locationIds === null) return;
  if (locationIds.some((id) => !voucher.locationIds!.includes(id)))
    throw new AppError('SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET');
}

@Injectable()
export class VouchersService {
  constructor(private readonly vouchers: VouchersRepository) {}

  /** GET /api/payment/voucher: what the voucher can pay. How much it pays is decided at commit (applyVoucherPayments). */
  async lookup(reference: string, locale: Locale): Promise<VoucherLookupResponse> {
    const v = assertUsable(await this.vouchers.byReference(reference));
    return {
      payment: {
        id: v.id,
        code: v.reference,
        balance: agorotToShekels(v.balanceAgorot),
        systemVoucher: true,
        name: localizedName(locale, { he: v.name, en: v.nameEn, ru: v.nameRu, ar: v.nameAr }),
        expiresAt: v.expiresAt ? new Date(v.expiresAt).toISOString() : null,
      },
    };
  }
}
