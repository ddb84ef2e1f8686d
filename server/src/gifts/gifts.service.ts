import { Injectable } from '@nestjs/common';
import type {
  DonationsResponse,
  SystemVoucherHistoryKind,
  SystemVoucherHistoryResponse,
  SystemVoucherOffer,
  SystemVoucherOffersResponse,
} from '@hotline/shared';
import { agorotToShekels } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { MAX_VOUCHERS_PER_ORDER } from '../payment';
import { DonationsRepository } from './donations.repository';
import { giftText } from './gift-translations';
import { GiftOffersRepository } from './gift-offers.repository';
import { VoucherHistoryRepository } from './voucher-history.repository';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** What is on sale (gift vouchers, donations) and a voucher's history. Buying goes through the one commit. */
@Injectable()
export class GiftsService {
  constructor(
    private readonly offers: GiftOffersRepository,
    private readonly donations: DonationsRepository,
    private readonly history: VoucherHistoryRepository,
  ) {}

  async vouchersOnSale(superClassId: number | null): Promise<SystemVoucherOffersResponse> {
    const rows = await this.offers.onSale(superClassId);
    if (rows.length === 0) throw new AppError('NO_VOUCHERS_FOR_SALE');
    const byClass = new Map<number, SystemVoucherOffer>();
    for (const r of rows) {
      let offer = byClass.get(r.classId);
      if (!offer) {
        offer = {
          SystemVoucherId: r.classId,
          SystemVoucherClassId: r.classId,
          SystemVoucherSuperClassId: r.superClassId,
          Name: r.name,
          NameEn: r.nameEn,
          NameRu: giftText(r.translations, 'ru'),
          NameAr: giftText(r.translations, 'ar'),
          Description: r.description,
          DescriptionEn: r.descriptionEn,
          DescriptionRu: giftText(r.translations, 'ru', 'description'),
          DescriptionAr: giftText(r.translations, 'ar', 'description'),
          ValidDays: r.validDays,
          Prices: [],
          Date: { start: iso(r.saleStart), end: iso(r.saleEnd) },
        };
        byClass.set(r.classId, offer);
      }
      offer.Prices.push({
        SystemVoucherPriceId: r.priceId,
        Price: agorotToShekels(r.priceAgorot),
        redemptionData: { reference: r.redemptionReference, price: agorotToShekels(r.valueAgorot) },
        selectedQuantity: 0,
        IsNew: r.isNew,
      });
    }
    return { vouchers: [...byClass.values()], maxPerOrder: MAX_VOUCHERS_PER_ORDER };
  }

  async donationsOnOffer(): Promise<DonationsResponse> {
    const rows = await this.donations.active();
    const byId = new Map<number, DonationsResponse['donations'][number]>();
    for (const r of rows) {
      let d = byId.get(r.donationId);
      if (!d) {
        d = {
          id: r.donationId,
          Code: r.code,
          Name: r.name,
          NameEn: r.nameEn,
          NameRu: giftText(r.translations, 'ru'),
          NameAr: giftText(r.translations, 'ar'),
          Description: r.description,
          DescriptionEn: r.descriptionEn,
          DescriptionRu: giftText(r.translations, 'ru', 'description'),
          DescriptionAr: giftText(r.translations, 'ar', 'description'),
          MinCustomAmount: agorotToShekels(r.minAgorot),
          MaxCustomAmount: agorotToShekels(r.maxAgorot),
          donationDetails: [],
        };
        byId.set(r.donationId, d);
      }
      d.donationDetails.push({
        id: r.detailId,
        amount: r.amountAgorot === null ? 0 : agorotToShekels(r.amountAgorot),
        customAmount: r.isCustom,
        selectedQuantity: 0,
      });
    }
    return { donations: [...byId.values()] };
  }

  /**
   * GET /system-vouchers/:ref/history. The reference is the voucher's bearer secret (80 random bits for sold ones),
   * so whoever holds it - the buyer or the person it was given to - may read it; lookups are rate limited.
   */
  async voucherHistory(reference: string): Promise<SystemVoucherHistoryResponse> {
    const v = await this.history.voucher(reference);
    if (!v) throw new AppError('SYSTEM_VOUCHER_NOT_FOUND');
    const events = await this.history.events(v.id);
    return {
      Reference: v.reference,
      Name: v.name,
      NameEn: v.nameEn,
      NameRu: giftText(v.translations, 'ru'),
      NameAr: giftText(v.translations, 'ar'),
      Value: agorotToShekels(v.initialAgorot),
      Balance: agorotToShekels(v.balanceAgorot),
      IsActive: v.active,
      IsForReplacement: v.isForReplacement,
      StartDate: iso(v.startsAt)!,
      EndDate: iso(v.expiresAt),
      DateTimeCreated: iso(v.createdAt)!,
      history: events.map((e) => ({
        kind: e.kind as SystemVoucherHistoryKind,
        amount: agorotToShekels(e.amountAgorot),
        balance: agorotToShekels(e.balanceAfterAgorot),
        date: iso(e.createdAt)!,
        reservationIdentifier: e.reservationIdentifier,
      })),
    };
  }
}
