import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { shekelsToAgorot, type SystemVoucherOffer, type SystemVoucherOffersResponse } from '@hotline/shared';
import { ApiError } from '../api/client';
import { isolate, money } from '../booking/format';
import { GiftChooseActions, GiftFlow, GiftOffersState } from './GiftCheckout';
import { getVoucherOffers } from './gift-api';
import { useGiftOrder } from './gift-order-store';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { useCartStore } from '../booking/cart-store';
import '../booking/booking.css';
import './gifts.css';

/**
 * /system-vouchers and /system-vouchers/:systemVoucherSuperClassId: the order-vouchers flow
 * (choose vouchers -> details -> payment -> confirmation). At most `maxPerOrder` (10) vouchers,
 * at least one. A voucher order is its own kind of cart: choosing one clears held tickets.
 */
export default function GiftVouchersPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const superClassId = id && /^\d+$/.test(id) ? Number(id) : null;
  const offers = useLatestQuery((signal) => getVoucherOffers(superClassId, signal), [superClassId]);
  const order = useGiftOrder();
  const count = order.kind === 'vouchers' ? order.vouchers.reduce((n, v) => n + v.quantity, 0) : 0;
  return (
    <GiftFlow
      kind="vouchers"
      testId="gift-vouchers-page"
      title={t('gifts.vouchers.title')}
      againLabel={t('gifts.vouchers.buyAnother')}
      choose={(next) => <ChooseVouchers state={offers} onNext={next} count={count} />}
    />
  );
}

function ChooseVouchers({
  state,
  count,
  onNext,
}: {
  state: ReturnType<typeof useLatestQuery<SystemVoucherOffersResponse>>;
  count: number;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const hasTickets = useCartStore((s) => s.seats.length > 0);
  if (state.status !== 'success') {
    const none = state.error instanceof ApiError && state.error.code === 'NO_VOUCHERS_FOR_SALE' ? state.error : null;
    return <GiftOffersState failed={state.status === 'error'} retry={state.retry} none={none?.message} />;
  }
  const max = state.data.maxPerOrder;
  return (
    <>
      <p className="booking-card__sub">{t('gifts.vouchers.intro', { max })}</p>
      {hasTickets && <p className="notice">{t('gifts.oneKind')}</p>}
      {state.data.vouchers.map((offer) => (
        <OfferCard key={offer.SystemVoucherId} offer={offer} count={count} max={max} />
      ))}
      <GiftChooseActions
        noneChosen={count === 0}
        noneChosenText={t('gifts.vouchers.chooseOne')}
        canGoOn={count > 0}
        onNext={onNext}
      />
    </>
  );
}

function OfferCard({ offer, count, max }: { offer: SystemVoucherOffer; count: number; max: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const name = pickText(locale, offer.Name, offer.NameEn, offer.NameRu, offer.NameAr);
  const headingId = `voucher-offer-${offer.SystemVoucherId}`;
  return (
    <section className="booking-card gift-offer" aria-labelledby={headingId}>
      <h2 id={headingId} className="booking-card__title">
        {name}
      </h2>
      <p className="booking-card__sub">
        {pickText(locale, offer.Description, offer.DescriptionEn, offer.DescriptionRu, offer.DescriptionAr)}
      </p>
      <p className="gift-offer__valid">{t('gifts.vouchers.validDays', { count: offer.ValidDays })}</p>
      <ul className="gift-offer__prices">
        {offer.Prices.map((p) => {
          const chosen =
            order.kind === 'vouchers' ? order.vouchers.find((v) => v.priceId === p.SystemVoucherPriceId) : undefined;
          const quantity = chosen?.quantity ?? 0;
          const value = shekelsToAgorot(p.redemptionData.price);
          const price = shekelsToAgorot(p.Price);
          const label =
            value === price
              ? t('gifts.vouchers.priceSame', { value: money(value, locale) })
              : t('gifts.vouchers.priceBonus', { price: money(price, locale), value: money(value, locale) });
          const set = (q: number) => {
            order.start('vouchers');
            order.setVoucherQuantity(
              {
                classId: offer.SystemVoucherId,
                priceId: p.SystemVoucherPriceId,
                price: p.Price,
                value: p.redemptionData.price,
                name: offer.Name,
                nameEn: offer.NameEn,
                nameRu: offer.NameRu,
                nameAr: offer.NameAr,
              },
              q,
            );
          };
          const inputId = `voucher-qty-${p.SystemVoucherPriceId}`;
          return (
            <li key={p.SystemVoucherPriceId} className="gift-offer__price" data-price-id={p.SystemVoucherPriceId}>
              <label htmlFor={inputId} className="gift-offer__label">
                {isolate(label, locale)}
                {p.IsNew && <span className="badge">{t('gifts.vouchers.new')}</span>}
              </label>
              <div className="stepper-input" role="group" aria-label={t('gifts.quantityOf', { name: label })}>
                <button
                  type="button"
                  className="stepper-input__button"
                  aria-label={t('gifts.less', { name: label })}
                  disabled={quantity === 0}
                  onClick={() => set(quantity - 1)}
                >
                  −
                </button>
                <output id={inputId} className="stepper-input__value" aria-live="polite">
                  {quantity}
                </output>
                <button
                  type="button"
                  className="stepper-input__button"
                  aria-label={t('gifts.more', { name: label })}
                  disabled={count >= max}
                  onClick={() => set(quantity + 1)}
                >
                  +
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
