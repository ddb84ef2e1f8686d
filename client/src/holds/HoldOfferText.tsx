import { useTranslation } from 'react-i18next';
import { formatJerusalemDateTime } from '../lib/datetime';
import type { HoldOffer } from './hold-offer';

/**
 * The title and the sentence of the hold option for the cart's dates (hold-offer.ts): until when a hold is kept by
 * the dates' own policy, or why none is offered. Its own component so a test can render it.
 */
export function HoldOfferText({ offer, locale }: { offer: HoldOffer; locale: string }) {
  const { t } = useTranslation();
  const anyone = offer.kind === 'offered' && !offer.membersOnly;
  return (
    <>
      <h2 id="hold-option-title" className="booking-card__title booking-card__title--small">
        {t(anyone ? 'holds.option.titleAnyone' : 'holds.option.title')}
      </h2>
      <p data-testid="hold-offer">
        {offer.kind === 'offered'
          ? t('holds.option.explain', { deadline: formatJerusalemDateTime(offer.deadline.toISOString(), locale) })
          : t(offer.kind === 'tooLate' ? 'holds.option.tooLate' : 'holds.option.notOffered')}
      </p>
    </>
  );
}
