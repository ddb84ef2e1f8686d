import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { CustomerAreaInfo } from '@hotline/shared';
import { ApiError } from '../api/client';
import { LoadingView } from '../components/StateViews';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime, formatShekels } from '../lib/rules';
import { customerSessionHint } from '../lib/customer-session-hint';
import { customerApi } from './customer-api';
import { DetailsPanel } from './DetailsPanel';
import { LoginForm } from './LoginForm';
import { TicketsPanel } from './TicketsPanel';
import { HoldsPanel } from '../holds/HoldsPanel';
import type { HoldPlacedState } from '../holds/HoldOrderOption';
import './customer-area.css';
import { WatchTicketLink } from '../vod/WatchLinks';

const TABS = ['tickets', 'holds', 'memberships', 'vod', 'vouchers', 'details'] as const;
type Tab = (typeof TABS)[number];

type View = { kind: 'loading' } | { kind: 'login'; notice: string | null } | { kind: 'area'; info: CustomerAreaInfo };

/**
 * The customer area (/booking/customer-portal): login, tickets, memberships,
 * video on demand, vouchers, details, logout with confirmation. A login link
 * (?jwtToken=) is redeemed on load; if it fails, the login form opens with the
 * reason (CUSTOMER_TOKEN_REDEEMED / _EXPIRED with the date, or _ERROR).
 */
export default function CustomerAreaPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'loading' });
  // Right after a hold order, the area opens on its holds with the new one announced (router state, not the URL).
  const holdPlaced = (useLocation().state as Partial<HoldPlacedState> | null)?.holdPlaced ?? null;
  const [tab, setTab] = useState<Tab>(holdPlaced ? 'holds' : 'tickets');
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    tickets: null,
    holds: null,
    memberships: null,
    vod: null,
    vouchers: null,
    details: null,
  });
  // A login link is single use: read once, then dropped from the address bar (and from history).
  const [jwtToken] = useState(() => params.get('jwtToken') ?? undefined);

  useEffect(() => {
    if (!params.has('jwtToken')) return;
    const next = new URLSearchParams(params);
    next.delete('jwtToken');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    let active = true;
    const load = async () => {
      // Nobody signed in from this browser: the login form at once, without a 401 from the server.
      if (!jwtToken && !customerSessionHint.likely()) return { info: null, notice: null };
      try {
        return { info: (await customerApi.data(jwtToken)).customerAreaInfo, notice: null };
      } catch (e) {
        if (!jwtToken) return { info: null, notice: null };
        // A failed token-based load opens the login form, with why; unless a session exists already
        // (the same link redeemed a moment ago by this browser, e.g. a double render in development).
        const notice = e instanceof ApiError ? e.message : null;
        const again = await customerApi.data().catch(() => null);
        return { info: again?.customerAreaInfo ?? null, notice };
      }
    };
    void load().then(({ info, notice }) => {
      if (!active) return;
      setView(info ? { kind: 'area', info } : { kind: 'login', notice });
    });
    return () => {
      active = false;
    };
  }, [jwtToken]);

  const reload = useCallback(async () => {
    const r = await customerApi.data();
    setView({ kind: 'area', info: r.customerAreaInfo });
  }, []);

  const logout = async () => {
    setLogoutError(null);
    try {
      await customerApi.logout();
      setConfirmLogout(false);
      setLoggedOut(true);
      setView({ kind: 'login', notice: null });
    } catch (e) {
      // Logout with an error leaves the state unchanged.
      setLogoutError(e instanceof ApiError ? e.message : t('customerArea.logout.failed'));
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.indexOf(tab);
    const rtl = document.documentElement.dir === 'rtl';
    let next: number | null = null;
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (i + 1) % TABS.length;
    if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (i - 1 + TABS.length) % TABS.length;
    if (e.key === 'Home') next = 0;
    if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next]!);
    tabRefs.current[TABS[next]!]?.focus();
  };

  return (
    <section className="container page customer-area" aria-labelledby="ca-title">
      <header className="page-header">
        <h1 id="ca-title">{t('customerArea.title')}</h1>
        {view.kind === 'area' && (
          <p className="lead">{t('customerArea.hello', { name: view.info.FirstName || view.info.MobileNumber1 })}</p>
        )}
      </header>
      {view.kind === 'loading' && <LoadingView label={t('customerArea.loading')} />}
      {view.kind === 'login' && (
        <>
          {loggedOut && (
            <div className="notice" role="status">
              {t('customerArea.logout.done')}
            </div>
          )}
          <LoginForm
            notice={view.notice}
            onLoggedIn={(info) => {
              setLoggedOut(false);
              setView({ kind: 'area', info });
            }}
          />
        </>
      )}
      {view.kind === 'area' && (
        <>
          <div className="ca-toolbar">
            <div role="tablist" aria-label={t('customerArea.sections')} className="ca-tabs">
              {TABS.map((name) => (
                <button
                  key={name}
                  ref={(el) => {
                    tabRefs.current[name] = el;
                  }}
                  id={`ca-tab-${name}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === name}
                  aria-controls={`ca-panel-${name}`}
                  tabIndex={tab === name ? 0 : -1}
                  className="ca-tab"
                  onClick={() => setTab(name)}
                  onKeyDown={onTabKey}
                >
                  {t(`customerArea.tabs.${name}`)}
                </button>
              ))}
            </div>
            <button type="button" className="button button--secondary" onClick={() => setConfirmLogout(true)}>
              {t('customerArea.logout.button')}
            </button>
          </div>
          {confirmLogout && (
            <div className="notice notice--warning ca-confirm" role="alertdialog" aria-labelledby="ca-logout-q">
              <p id="ca-logout-q">{t('customerArea.logout.question')}</p>
              <div className="button-row">
                <button type="button" className="button button--primary" onClick={() => void logout()}>
                  {t('customerArea.logout.confirm')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setConfirmLogout(false)}>
                  {t('customerArea.logout.stay')}
                </button>
              </div>
              {logoutError && <p role="alert">{logoutError}</p>}
            </div>
          )}
          <div
            role="tabpanel"
            id={`ca-panel-${tab}`}
            aria-labelledby={`ca-tab-${tab}`}
            tabIndex={0}
            className="ca-panel"
          >
            {tab === 'tickets' && <TicketsPanel reservations={view.info.reservations} onChanged={reload} />}
            {tab === 'holds' && <HoldsPanel placed={holdPlaced} />}
            {tab === 'memberships' && <MembershipsPanel info={view.info} />}
            {tab === 'vod' && <VodPanel info={view.info} />}
            {tab === 'vouchers' && (
              <VouchersPanel info={view.info} onInfo={(info) => setView({ kind: 'area', info })} />
            )}
            {tab === 'details' && <DetailsPanel info={view.info} onSaved={(info) => setView({ kind: 'area', info })} />}
          </div>
        </>
      )}
    </section>
  );
}

function MembershipsPanel({ info }: { info: CustomerAreaInfo }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="ca-section-title">{t('customerArea.tabs.memberships')}</h2>
      <p className="ca-empty">{t('customerArea.memberships.empty')}</p>
      {info.members.length > 0 && (
        <>
          <h3>{t('customerArea.memberships.members')}</h3>
          <ul className="ca-list">
            {info.members.map((m) => (
              <li key={m.CustomerId} className="ca-card">
                {m.FirstName} {m.LastName}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function VodPanel({ info }: { info: CustomerAreaInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div>
      <h2 className="ca-section-title">{t('customerArea.tabs.vod')}</h2>
      {info.VODTickets.length === 0 ? (
        <p className="ca-empty">{t('customerArea.vod.empty')}</p>
      ) : (
        <ul className="ca-list">
          {info.VODTickets.map((v) => (
            <li key={v.TicketIdentifier} className="ca-card">
              {v.FeatureName} · {formatJerusalemDateTime(v.DateTime, locale)}{' '}
              <WatchTicketLink vodId={v.PresentationId} featureName={v.FeatureName} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VouchersPanel({ info, onInfo }: { info: CustomerAreaInfo; onInfo: (info: CustomerAreaInfo) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [asking, setAsking] = useState<{ reference: string; action: 'cancel' | 'replace' } | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const act = async (reference: string, action: 'cancel' | 'replace') => {
    setMessage(null);
    try {
      if (action === 'cancel') {
        const r = await customerApi.cancelVoucher(reference);
        // A successful voucher cancel removes the voucher (spec section 4).
        onInfo({ ...info, SystemVouchers: info.SystemVouchers.filter((v) => v.Reference !== reference) });
        const refund = r.RefundAgorot
          ? ` ${t('customerArea.vouchers.refunded', { amount: formatShekels(r.RefundAgorot, locale) })}`
          : '';
        setMessage({ ok: true, text: t('customerArea.vouchers.cancelled') + refund });
      } else {
        const r = await customerApi.replaceVoucher(reference);
        // A replacement updates its IsForReplacement flag and its dates.
        onInfo({
          ...info,
          SystemVouchers: info.SystemVouchers.map((v) =>
            v.Reference === reference
              ? {
                  ...v,
                  IsForReplacement: true,
                  StartDate: r.StartDate,
                  EndDate: r.EndDate,
                  DateTimeCreated: r.DateTimeCreated,
                }
              : v,
          ),
        });
        setMessage({ ok: true, text: t('customerArea.vouchers.replaced') });
      }
      setAsking(null);
    } catch (e) {
      setMessage({ ok: false, text: e instanceof ApiError ? e.message : t('customerArea.cancel.failed') });
    }
  };

  return (
    <div>
      <h2 className="ca-section-title">{t('customerArea.tabs.vouchers')}</h2>
      {message && (
        <div className={`notice${message.ok ? '' : ' notice--error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </div>
      )}
      {info.SystemVouchers.length === 0 ? (
        <p className="ca-empty">{t('customerArea.vouchers.empty')}</p>
      ) : (
        <ul className="ca-list">
          {info.SystemVouchers.map((v) => (
            <li key={v.Reference} className="ca-card" data-voucher={v.Reference}>
              <strong>{v.Name}</strong> · <bdi dir="ltr">{v.Reference}</bdi> ·{' '}
              {t('customerArea.vouchers.balance', { amount: formatShekels(v.BalanceAgorot, locale) })}
              {v.EndDate
                ? ` · ${t('customerArea.vouchers.until', { date: formatJerusalemDateTime(v.EndDate, locale) })}`
                : ''}
              {v.IsForReplacement ? ` · ${t('customerArea.vouchers.replacement')}` : ''}
              {asking?.reference === v.Reference ? (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => void act(v.Reference, asking.action)}
                  >
                    {asking.action === 'cancel'
                      ? t('customerArea.vouchers.confirmCancel')
                      : t('customerArea.vouchers.confirmReplace')}
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setAsking(null)}>
                    {t('customerArea.vouchers.keep')}
                  </button>
                </div>
              ) : (
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setAsking({ reference: v.Reference, action: 'cancel' })}
                  >
                    {t('customerArea.vouchers.cancel')}
                  </button>
                  {!v.IsForReplacement && (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setAsking({ reference: v.Reference, action: 'replace' })}
                    >
                      {t('customerArea.vouchers.replace')}
                    </button>
                  )}
                  {/* The code travels in navigation state, never in the address. */}
                  <Link className="text-link" to="/system-vouchers/history" state={{ reference: v.Reference }}>
                    {t('gifts.history.link')}
                  </Link>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
