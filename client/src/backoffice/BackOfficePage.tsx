import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import type { StaffMe } from '@hotline/shared';
import { useLocale } from '../hooks/useLocale';
import { markStaffSession } from '../lib/staff-presence';
import { backOfficeApi } from './backoffice-api';
import { AuthenticatorPanel } from './AuthenticatorPanel';
import { BoxOfficeCheckout } from './BoxOfficeCheckout';
import { BoxOfficePanel } from './BoxOfficePanel';
import { BoxOfficeHoldsPanel } from '../holds/BoxOfficeHoldsPanel';
import './i18n';
import { ReportsPanel } from './ReportsPanel';
import { ReservationsPanel } from './ReservationsPanel';
import { SignInForm } from './SignInForm';
import { TicketReferencesPanel } from './ticket-references/TicketReferencesPanel';
import { OnSalesPanel } from './on-sales/OnSalesPanel';
import { VenuesPanel } from './venues/VenuesPanel';
import { EventsPanel } from './events/EventsPanel';
import { StaffPanel } from './staff/StaffPanel';
import { AuditPanel } from './audit/AuditPanel';
import { DoorsPanel } from './doors/DoorsPanel';
import './backoffice.css';

type Session = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'in'; staff: StaffMe };

/**
 * The back office (/backoffice/:section?): staff sign-in, then the menu their permissions
 * allow (the server checks every call again) and the chosen screen.
 */
export default function BackOfficePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { section } = useParams();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    backOfficeApi.me().then(
      (r) => {
        markStaffSession(true);
        if (current) setSession({ kind: 'in', staff: r.staff });
      },
      () => {
        markStaffSession(false);
        if (current) setSession({ kind: 'signed-out' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const signOut = async () => {
    await backOfficeApi.signOut().catch(() => undefined);
    markStaffSession(false);
    setSession({ kind: 'signed-out' });
    navigate(`/backoffice?lang=${locale}`);
  };

  if (session.kind === 'loading')
    return (
      <div className="backoffice">
        <h1>{t('backOffice.title')}</h1>
        <p role="status">{t('backOffice.reports.loading')}</p>
      </div>
    );
  if (session.kind === 'signed-out')
    return (
      <div className="backoffice">
        <h1>{t('backOffice.title')}</h1>
        <SignInForm
          onSignedIn={(staff) => {
            markStaffSession(true);
            setSession({ kind: 'in', staff });
          }}
        />
      </div>
    );

  const { staff } = session;
  // /backoffice/sell is the box office's checkout, reached from the box-office map (producer ticket sale, 267).
  const selling = section === 'sell' && staff.menu.some((i) => i.id === 'producer-ticket-sale');
  const security = section === 'security';
  const active = security
    ? undefined
    : selling
      ? staff.menu.find((i) => i.id === 'producer-ticket-sale')
      : (staff.menu.find((i) => i.id === section) ?? staff.menu[0]);
  return (
    <div className="backoffice backoffice--in">
      <div className="bo-top">
        <h1>{t('backOffice.title')}</h1>
        <span>
          {/* A person's name is not translated (translate="no"); the role is, in the reader's language. */}
          {t('backOffice.signedInAs')} <bdi translate="no">{`${staff.FirstName} ${staff.LastName}`}</bdi>
          {' · '}
          {t(`backOffice.roles.${staff.role}`)}
        </span>
        <NavLink className="button" to={`/backoffice/security?lang=${locale}`}>
          {t('backOffice.security.link')}
        </NavLink>
        <button type="button" className="button" onClick={() => void signOut()}>
          {t('backOffice.signOut')}
        </button>
      </div>
      <nav className="bo-menu" aria-label={t('backOffice.menuLabel')}>
        <ul>
          {staff.menu.map((item) => (
            <li key={item.id}>
              <NavLink
                to={`/backoffice/${item.id}?lang=${locale}`}
                aria-current={item.id === active?.id ? 'page' : undefined}
                className={item.id === active?.id ? 'active' : undefined}
              >
                {t(`backOffice.menu.${item.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="bo-content">
        {active?.id === 'presentations-report' && <ReportsPanel />}
        {security && <AuthenticatorPanel />}
        {selling && <BoxOfficeCheckout />}
        {!selling && active?.id === 'producer-ticket-sale' && <BoxOfficePanel />}
        {!selling && active?.id === 'producer-ticket-sale' && <BoxOfficeHoldsPanel />}
        {active?.id === 'producer-reservations' && <ReservationsPanel />}
        {active?.id === 'ticket-references' && <TicketReferencesPanel />}
        {active?.id === 'on-sales' && <OnSalesPanel />}
        {active?.id === 'venues' && <VenuesPanel businessIds={staff.businessIds} />}
        {active?.id === 'events' && <EventsPanel businessIds={staff.businessIds} />}
        {active?.id === 'doors' && <DoorsPanel me={staff} />}
        {active?.id === 'staff' && <StaffPanel me={staff} />}
        {active?.id === 'audit' && <AuditPanel />}
      </div>
    </div>
  );
}
