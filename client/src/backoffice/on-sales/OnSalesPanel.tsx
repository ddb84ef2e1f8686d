import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  JERUSALEM_TIME_ZONE,
  ON_SALE_LIMITS,
  formatJerusalemDateTime,
  jerusalemDateKey,
  jerusalemWallClockToUtc,
  onSaleSettingsProblems,
  queueUrlOf,
  type OnSaleNumberField,
  type OnSalePresentation,
  type OnSaleSettingsInput,
  type OnSaleSettingsProblem,
} from '@hotline/shared';
import { ApiError } from '../../api/client';
import { useLocale } from '../../hooks/useLocale';
import { pickText } from '../../lib/localized';
import './i18n';
import './on-sales.css';
import { onSalesApi } from './on-sales-api';
import { ControlRoom } from './ControlRoom';

const K = 'backOffice.onSales';
const NUMBER_FIELDS: OnSaleNumberField[] = ['maxActive', 'admitPerMinute', 'shoppingMinutes'];
type Field = keyof OnSaleSettingsInput;

interface Draft extends OnSaleSettingsInput {
  presentation: OnSalePresentation;
  scope: 'presentation' | 'feature';
  enabled: boolean;
}

const jerusalemClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: JERUSALEM_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A new draft: the row's effective on-sale, or the demo's sensible defaults opening now. */
function draftOf(p: OnSalePresentation): Draft {
  const o = p.onSale;
  const start = o ? new Date(o.saleStartsAt) : new Date();
  return {
    presentation: p,
    scope: p.source ?? 'presentation',
    enabled: o?.enabled ?? true,
    saleDate: jerusalemDateKey(start),
    saleTime: jerusalemClock.format(start),
    maxActive: String(o?.maxActive ?? 200),
    admitPerMinute: String(o?.admitPerMinute ?? 60),
    shoppingMinutes: String(o?.shoppingMinutes ?? 15),
  };
}

const errorText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status < 500 && e.message ? e.message : fallback;

/**
 * On-sales and their waiting rooms (permission 290): the staff member's coming presentations with
 * the on-sale that applies to each, a form to set one presentation's or the whole show's on-sale
 * (checked here as the server checks it; the server's refusal is shown in the user's language), and
 * a link to each waiting page. docs/waiting-room.md "The back-office screen".
 */
export function OnSalesPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [rows, setRows] = useState<OnSalePresentation[] | null | 'failed'>(null);
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<OnSaleSettingsProblem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [watching, setWatching] = useState<OnSalePresentation | null>(null);
  const watchedFrom = useRef<HTMLButtonElement | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const openedFrom = useRef<HTMLButtonElement | null>(null);

  const load = () =>
    onSalesApi.presentations().then(
      (r) => setRows(r.presentations),
      () => setRows('failed'),
    );
  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    if (draft) formHeading.current?.focus();
    // Focus moves to the form when it opens for another presentation, not on every keystroke.
  }, [draft?.presentation.presentationId]); // eslint-disable-line react-hooks/exhaustive-deps

  const showName = (p: OnSalePresentation) =>
    pickText(locale, p.featureName, p.featureNameEn ?? '', p.featureNameRu, p.featureNameAr);
  const showLabel = (p: OnSalePresentation) => `${showName(p)} · ${formatJerusalemDateTime(p.dateTime, locale)}`;

  const shown = useMemo(() => {
    if (!Array.isArray(rows)) return [];
    const q = search.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((p) =>
      [
        p.featureName,
        p.featureNameEn,
        p.featureNameRu,
        p.featureNameAr,
        p.locationName,
        p.locationNameEn,
        p.locationNameRu,
        p.locationNameAr,
      ]
        .filter(Boolean)
        .some((v) => v!.toLowerCase().includes(q)),
    );
  }, [rows, search]);

  const open = (p: OnSalePresentation, button: HTMLButtonElement) => {
    openedFrom.current = button;
    setProblems([]);
    setRefusal(null);
    setNotice(null);
    setDraft(draftOf(p));
  };

  const close = () => {
    setDraft(null);
    setProblems([]);
    setRefusal(null);
    openedFrom.current?.focus();
  };

  const problemOf = (field: Field) => problems.find((p) => p.field === field);
  const problemText = (p: OnSaleSettingsProblem) =>
    t(`${K}.problem.${p.problem}`, 'min' in p ? { min: p.min, max: p.max } : {});

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setRefusal(null);
    setNotice(null);
    const found = onSaleSettingsProblems(draft);
    setProblems(found);
    if (found.length) {
      document.getElementById(`bo-onsale-${found[0]!.field}`)?.focus();
      return;
    }
    const p = draft.presentation;
    setSaving(true);
    try {
      await onSalesApi.save({
        presentationId: draft.scope === 'presentation' ? p.presentationId : null,
        featureId: draft.scope === 'feature' ? p.featureId : null,
        enabled: draft.enabled,
        saleStartsAt: jerusalemWallClockToUtc(draft.saleDate, draft.saleTime).toISOString(),
        maxActive: Number(draft.maxActive),
        admitPerMinute: Number(draft.admitPerMinute),
        shoppingMinutes: Number(draft.shoppingMinutes),
      });
      await load();
      setNotice(t(`${K}.saved`, { show: showLabel(p) }));
      close();
    } catch (e) {
      setRefusal(errorText(e, t(`${K}.failed`)));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, type: 'date' | 'time' | 'number', hint?: string) => {
    const problem = problemOf(name);
    const limits = type === 'number' ? ON_SALE_LIMITS[name as OnSaleNumberField] : undefined;
    const describedBy = [hint && `bo-onsale-${name}-hint`, problem && `bo-onsale-${name}-error`].filter(Boolean);
    return (
      <div className="bo-field">
        <label htmlFor={`bo-onsale-${name}`}>{t(`${K}.${name}`)}</label>
        <input
          id={`bo-onsale-${name}`}
          name={name}
          type={type}
          inputMode={type === 'number' ? 'numeric' : undefined}
          min={limits?.min}
          max={limits?.max}
          step={type === 'number' ? 1 : undefined}
          required
          dir="ltr"
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
          value={draft![name]}
          onChange={(e) => setDraft((d) => (d ? { ...d, [name]: e.target.value } : d))}
        />
        {hint && (
          <span id={`bo-onsale-${name}-hint`} className="bo-hint">
            {hint}
          </span>
        )}
        {problem && (
          <span id={`bo-onsale-${name}-error`} className="bo-onsale-error">
            {problemText(problem)}
          </span>
        )}
      </div>
    );
  };

  return (
    <>
      {/* The control room takes the screen (a wall display); the list is only hidden, so Close returns to its button. */}
      <section className="bo-card bo-onsales-list" hidden={watching !== null}>
        <div className="bo-card-head">
          <h2 id="bo-onsales-title">{t(`${K}.title`)}</h2>
        </div>
        <p className="bo-hint">{t(`${K}.intro`)}</p>
        <div className="bo-field">
          <label htmlFor="bo-onsales-search">{t(`${K}.search`)}</label>
          <input
            id="bo-onsales-search"
            type="search"
            value={search}
            aria-describedby="bo-onsales-search-hint"
            onChange={(e) => setSearch(e.target.value)}
          />
          <span id="bo-onsales-search-hint" className="bo-hint">
            {t(`${K}.searchHint`)}
          </span>
        </div>
        <p className="bo-notice" role="status" data-testid="bo-onsale-notice">
          {notice}
        </p>
        {rows === null && <p role="status">{t(`${K}.loading`)}</p>}
        {rows === 'failed' && <p role="alert">{t(`${K}.failed`)}</p>}
        {Array.isArray(rows) &&
          (shown.length === 0 ? (
            <p>{t(`${K}.empty`)}</p>
          ) : (
            <div
              className="bo-table-wrap bo-onsales-wrap"
              role="region"
              aria-labelledby="bo-onsales-title"
              tabIndex={0}
            >
              <table className="bo-table bo-onsales-table" id="bo-onsales">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.columns.show`)}</th>
                    <th scope="col">{t(`${K}.columns.queue`)}</th>
                    <th scope="col">{t(`${K}.columns.saleStartsAt`)}</th>
                    <th scope="col">{t(`${K}.columns.maxActive`)}</th>
                    <th scope="col">{t(`${K}.columns.admitPerMinute`)}</th>
                    <th scope="col">{t(`${K}.columns.shoppingMinutes`)}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t(`${K}.columns.actions`)}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((p) => {
                    const o = p.onSale;
                    return (
                      <tr key={p.presentationId} data-testid={`bo-onsale-${p.presentationId}`}>
                        <th scope="row">
                          {showName(p)}
                          <span className="bo-hint">
                            {' · '}
                            <time dateTime={p.dateTime}>{formatJerusalemDateTime(p.dateTime, locale)}</time>
                            {' · '}
                            {pickText(
                              locale,
                              p.locationName,
                              p.locationNameEn ?? '',
                              p.locationNameRu,
                              p.locationNameAr,
                            )}
                          </span>
                        </th>
                        <td data-testid="bo-onsale-state">
                          {o ? t(o.enabled ? `${K}.queueOn` : `${K}.queueOff`) : t(`${K}.notConfigured`)}
                          {p.source === 'feature' && <span className="bo-hint"> {t(`${K}.fromFeature`)}</span>}
                        </td>
                        <td>
                          {o && (
                            <time dateTime={o.saleStartsAt}>{formatJerusalemDateTime(o.saleStartsAt, locale)}</time>
                          )}
                        </td>
                        <td>{o?.maxActive}</td>
                        <td>{o?.admitPerMinute}</td>
                        <td>{o?.shoppingMinutes}</td>
                        <td>
                          <div className="bo-actions">
                            {/* The visible word starts the accessible name; the hidden rest says which presentation. */}
                            <button type="button" className="button" onClick={(e) => open(p, e.currentTarget)}>
                              {t(o ? `${K}.edit` : `${K}.create`)}
                              <span className="visually-hidden">: {showLabel(p)}</span>
                            </button>
                            <button
                              type="button"
                              className="button"
                              onClick={(e) => {
                                watchedFrom.current = e.currentTarget;
                                setDraft(null);
                                setWatching(p);
                              }}
                            >
                              {t(`${K}.controlRoom.open`)}
                              <span className="visually-hidden">: {showLabel(p)}</span>
                            </button>
                            <Link className="button" to={`${queueUrlOf(p.presentationId)}?lang=${locale}`}>
                              {t(`${K}.waitingPage`)}
                              <span className="visually-hidden">: {showLabel(p)}</span>
                            </Link>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ))}
      </section>

      {watching && (
        <ControlRoom
          presentationId={watching.presentationId}
          label={showLabel(watching)}
          onClose={() => {
            setWatching(null);
            watchedFrom.current?.focus();
          }}
        />
      )}

      {draft && (
        <section className="bo-card bo-onsale-form" aria-labelledby="bo-onsale-form-title">
          <h3 id="bo-onsale-form-title" ref={formHeading} tabIndex={-1}>
            {t(`${K}.formTitle`, { show: showLabel(draft.presentation) })}
          </h3>
          <form noValidate onSubmit={(e) => void save(e)}>
            <fieldset className="bo-onsale-scope">
              <legend>{t(`${K}.scope`)}</legend>
              {(['presentation', 'feature'] as const).map((scope) => (
                <label key={scope} className="bo-onsale-choice">
                  <input
                    type="radio"
                    name="scope"
                    value={scope}
                    checked={draft.scope === scope}
                    onChange={() => setDraft((d) => (d ? { ...d, scope } : d))}
                  />
                  {t(scope === 'presentation' ? `${K}.scopePresentation` : `${K}.scopeFeature`)}
                </label>
              ))}
            </fieldset>
            <label className="bo-onsale-choice bo-onsale-enabled">
              <input
                id="bo-onsale-enabled"
                type="checkbox"
                checked={draft.enabled}
                aria-describedby="bo-onsale-enabled-hint"
                onChange={(e) => setDraft((d) => (d ? { ...d, enabled: e.target.checked } : d))}
              />
              {t(`${K}.enabled`)}
            </label>
            <p id="bo-onsale-enabled-hint" className="bo-hint">
              {t(`${K}.enabledHint`)}
            </p>
            <div className="bo-onsale-fields">
              {field('saleDate', 'date', t(`${K}.timeHint`))}
              {field('saleTime', 'time', t(`${K}.timeHint`))}
              {NUMBER_FIELDS.map((name) => (
                <div key={name}>{field(name, 'number')}</div>
              ))}
            </div>
            {problems.length > 0 && (
              <p className="notice notice--error" role="alert">
                {t(`${K}.fixErrors`)}
              </p>
            )}
            {refusal && (
              <p className="notice notice--error" role="alert" data-testid="bo-onsale-refusal">
                {refusal}
              </p>
            )}
            <div className="bo-actions">
              <button type="submit" className="button button--primary" disabled={saving}>
                {t(`${K}.save`)}
              </button>
              <button type="button" className="button" onClick={close}>
                {t(`${K}.cancel`)}
              </button>
            </div>
          </form>
        </section>
      )}
    </>
  );
}
