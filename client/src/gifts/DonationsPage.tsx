import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shekelsToAgorot, type Donation, type DonationsResponse } from '@hotline/shared';
import { money } from '../booking/format';
import { GiftChooseActions, GiftFlow, GiftOffersState } from './GiftCheckout';
import { getDonations } from './gift-api';
import { useGiftOrder } from './gift-order-store';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { useCartStore } from '../booking/cart-store';
import '../booking/booking.css';
import './gifts.css';

/**
 * /donations: choose donations -> details and payment -> confirmation (memberships-backoffice-spec.md
 * section 2). Each donation offers preset amounts and a custom one; at least one must be chosen. The
 * receipt is in the confirmation message. A donation order is its own kind of cart.
 */
export default function DonationsPage() {
  const { t } = useTranslation();
  const donations = useLatestQuery<DonationsResponse>((signal) => getDonations(signal), []);
  return (
    <GiftFlow
      kind="donations"
      testId="donations-page"
      title={t('gifts.donations.title')}
      againLabel={t('gifts.donations.donateAgain')}
      choose={(next) => <ChooseDonations state={donations} onNext={next} />}
    />
  );
}

function ChooseDonations({
  state,
  onNext,
}: {
  state: ReturnType<typeof useLatestQuery<DonationsResponse>>;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  // Two plain selections: a selector building a new array would re-render forever (zustand compares by identity).
  const kind = useGiftOrder((s) => s.kind);
  const donations = useGiftOrder((s) => s.donations);
  const chosen = kind === 'donations' ? donations : [];
  const hasTickets = useCartStore((s) => s.seats.length > 0);
  const [invalid, setInvalid] = useState<Set<number>>(new Set());
  if (state.status !== 'success') return <GiftOffersState failed={state.status === 'error'} retry={state.retry} />;
  const valid = chosen.length > 0 && invalid.size === 0;
  return (
    <>
      <p className="booking-card__sub">{t('gifts.donations.intro')}</p>
      {hasTickets && <p className="notice">{t('gifts.oneKind')}</p>}
      {state.data.donations.map((d) => (
        <DonationCard
          key={d.id}
          donation={d}
          onValidity={(ok) =>
            setInvalid((s) => {
              const next = new Set(s);
              if (ok) next.delete(d.id);
              else next.add(d.id);
              return next;
            })
          }
        />
      ))}
      <GiftChooseActions
        noneChosen={chosen.length === 0}
        noneChosenText={t('gifts.donations.chooseOne')}
        canGoOn={valid}
        onNext={onNext}
      />
    </>
  );
}

/** One donation: radio buttons for the presets, "other amount" with a number field, or none. */
function DonationCard({ donation, onValidity }: { donation: Donation; onValidity: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const order = useGiftOrder();
  const current = order.kind === 'donations' ? order.donations.find((d) => d.donationId === donation.id) : undefined;
  const name = pickText(locale, donation.Name, donation.NameEn, donation.NameRu, donation.NameAr);
  const customDetail = donation.donationDetails.find((d) => d.customAmount);
  const [customText, setCustomText] = useState(current?.custom ? String(current.amount) : '');
  const [customError, setCustomError] = useState(false);
  const headingId = useId();
  const customId = useId();
  const min = money(shekelsToAgorot(donation.MinCustomAmount), locale);
  const max = money(shekelsToAgorot(donation.MaxCustomAmount), locale);

  const choose = (detailId: number | null, amount: number | null) => {
    order.start('donations');
    if (detailId === null || amount === null) {
      order.setDonation(null, donation.id);
      return;
    }
    const detail = donation.donationDetails.find((d) => d.id === detailId)!;
    order.setDonation(
      {
        donationId: donation.id,
        detailId,
        quantity: 1,
        amount,
        custom: detail.customAmount,
        name: donation.Name,
        nameEn: donation.NameEn,
        nameRu: donation.NameRu,
        nameAr: donation.NameAr,
      },
      donation.id,
    );
  };
  const applyCustom = (text: string) => {
    setCustomText(text);
    const value = Number(text.replace(',', '.'));
    const ok =
      text.trim() !== '' &&
      Number.isFinite(value) &&
      Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 &&
      value >= donation.MinCustomAmount &&
      value <= donation.MaxCustomAmount;
    setCustomError(!ok && text.trim() !== '');
    onValidity(ok || text.trim() === '');
    if (ok && customDetail) choose(customDetail.id, value);
    else order.setDonation(null, donation.id);
  };
  const selected = current ? (current.custom ? 'custom' : String(current.detailId)) : 'none';

  return (
    <section className="booking-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="booking-card__title">
        {name}
      </h2>
      <p className="booking-card__sub">
        {pickText(locale, donation.Description, donation.DescriptionEn, donation.DescriptionRu, donation.DescriptionAr)}
      </p>
      <fieldset className="gift-donation__options">
        <legend className="visually-hidden">{name}</legend>
        {donation.donationDetails
          .filter((d) => !d.customAmount)
          .map((d) => (
            <label key={d.id} className="gift-donation__option">
              <input
                type="radio"
                name={`donation-${donation.id}`}
                checked={selected === String(d.id)}
                onChange={() => {
                  setCustomError(false);
                  onValidity(true);
                  choose(d.id, d.amount);
                }}
              />
              {money(shekelsToAgorot(d.amount), locale)}
            </label>
          ))}
        {customDetail && (
          <label className="gift-donation__option">
            <input
              type="radio"
              name={`donation-${donation.id}`}
              checked={selected === 'custom' || (selected === 'none' && customText !== '')}
              onChange={() => applyCustom(customText)}
            />
            {t('gifts.donations.custom')}
          </label>
        )}
        <label className="gift-donation__option">
          <input
            type="radio"
            name={`donation-${donation.id}`}
            checked={selected === 'none' && customText === ''}
            onChange={() => {
              setCustomText('');
              setCustomError(false);
              onValidity(true);
              choose(null, null);
            }}
          />
          {t('gifts.donations.none')}
        </label>
      </fieldset>
      {customDetail && (
        <div className="field gift-donation__custom">
          <label className="field__label" htmlFor={customId}>
            {t('gifts.donations.customLabel', { name })}
          </label>
          <input
            id={customId}
            className="input"
            inputMode="decimal"
            dir="ltr"
            value={customText}
            onChange={(e) => applyCustom(e.target.value)}
            aria-invalid={customError || undefined}
            aria-describedby={`${customId}-hint`}
          />
          <p
            id={`${customId}-hint`}
            className={customError ? 'field__error' : 'field__hint'}
            role={customError ? 'alert' : undefined}
          >
            {customError
              ? t('gifts.donations.invalidAmount', { min, max })
              : t('gifts.donations.customHint', { min, max })}
          </p>
        </div>
      )}
    </section>
  );
}
