import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hotlineNumber } from '../../config';
import { isolateLtr } from '../../lib/bidi';

export type ComingSoonKey =
  | 'checkout'
  | 'payment'
  | 'customerPortal'
  | 'customer'
  | 'order'
  | 'cart'
  | 'edocument'
  | 'miniSite'
  | 'vod'
  | 'live'
  | 'membership'
  | 'systemVouchers';

/** A route the spec defines whose screen is not built yet: a friendly, translated placeholder. */
export default function ComingSoonPage({ page }: { page: ComingSoonKey }) {
  const { t } = useTranslation();
  return (
    <section className="container status-page" aria-labelledby="coming-soon-title" data-testid="coming-soon">
      <p className="eyebrow">{t('comingSoon.title')}</p>
      <h1 id="coming-soon-title">{t(`pages.${page}`)}</h1>
      <p>{t('comingSoon.body', { hotline: isolateLtr(hotlineNumber()) })}</p>
      <Link className="button button--primary" to="/booking">
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
