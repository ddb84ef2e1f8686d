import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { hotlineHref } from '../config';
import { LanguageSwitcher } from './LanguageSwitcher';
import { CartButton } from '../booking/CartButton';

export function Header({ brand, hotline }: { brand: string; hotline: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const inCustomerArea = pathname.startsWith('/booking/customer-portal');
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/booking" className="brand" aria-label={t('app.homeLink', { brand })}>
          <svg className="brand__mark" aria-hidden="true" viewBox="0 0 32 32" width="32" height="32" focusable="false">
            <rect x="1" y="6" width="30" height="20" rx="4" fill="currentColor" />
            <circle cx="1" cy="16" r="4" fill="var(--header-bg)" />
            <circle cx="31" cy="16" r="4" fill="var(--header-bg)" />
            <path d="M11 9v14" stroke="var(--header-bg)" strokeWidth="1.6" strokeDasharray="2 2" />
            <path d="M15 13h10M15 17h10M15 21h6" stroke="var(--header-bg)" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span className="brand__name">{brand}</span>
        </Link>
        <nav className="site-nav" aria-label={t('app.mainNav')}>
          <NavLink
            to="/booking"
            className={({ isActive }) => `site-nav__link${isActive && !inCustomerArea ? ' active' : ''}`}
            aria-current={pathname.startsWith('/booking') && !inCustomerArea ? 'page' : undefined}
          >
            {t('nav.events')}
          </NavLink>
          <NavLink to="/booking/customer-portal" className="site-nav__link">
            {t('nav.customerArea')}
          </NavLink>
        </nav>
        <div className="site-header__tools">
          <a className="hotline" href={hotlineHref(hotline)} title={t('app.callHotline', { hotline })}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z"
              />
            </svg>
            <span className="hotline__label">{t('app.hotlineLabel')}</span>
            <bdi className="hotline__number" dir="ltr">
              {hotline}
            </bdi>
          </a>
          <CartButton />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
