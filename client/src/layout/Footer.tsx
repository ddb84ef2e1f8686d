import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hotlineHref } from '../config';

export function Footer({ brand, hotline }: { brand: string; hotline: string }) {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label={t('app.footerNav')} className="site-footer__nav">
          <Link to="/system-vouchers">{t('nav.giftVouchers')}</Link>
          <Link to="/system-vouchers/history">{t('nav.voucherHistory')}</Link>
          <Link to="/donations">{t('nav.donations')}</Link>
        </nav>
        <p>{t('app.rights', { year: new Date().getFullYear(), brand })}</p>
        <p>{t('app.timeZoneNote')}</p>
        <p>
          {t('app.hotlineLabel')}:{' '}
          <a href={hotlineHref(hotline)} title={t('app.callHotline', { hotline })}>
            <bdi dir="ltr">{hotline}</bdi>
          </a>
        </p>
      </div>
    </footer>
  );
}
