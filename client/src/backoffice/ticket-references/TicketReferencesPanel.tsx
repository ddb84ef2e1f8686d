import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  TicketRefAgent,
  TicketReferenceDetailResponse,
  TicketReferenceRow,
  TicketReferenceSale,
} from '@hotline/shared';
import { formatJerusalemDateTime, formatShekels, jerusalemDateKey } from '@hotline/shared';
import { ApiError } from '../../api/client';
import { useLocale } from '../../hooks/useLocale';
import { pickText } from '../../lib/localized';
import { downloadCsv, toCsv, type CsvColumn } from '../csv';
import './i18n';
import './ticket-references.css';
import { ticketReferencesApi } from './ticket-references-api';

const K = 'backOffice.ticketReferences';

const monthAgo = () => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() - 1);
  return jerusalemDateKey(d);
};

const errorText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status < 500 && e.message ? e.message : fallback;

/**
 * Ticket-reference administration (permission 269): your businesses' reference rows with quantity, use
 * and what is left; filter by agent or text, change a quantity in its row, see each row's history
 * (who, when, old -> new), and the tickets sold with references. Both tables export to CSV.
 */
export function TicketReferencesPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  // Each language its own name, then the English, then the Hebrew (lib/localized.ts); '' when the row has none.
  const local = (he: string | null, en: string | null, ru: string | null, ar: string | null) =>
    he === null && en === null ? '' : pickText(locale, he ?? '', en ?? '', ru, ar);
  const [agents, setAgents] = useState<TicketRefAgent[]>([]);
  const [agent, setAgent] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<TicketReferenceRow[] | null | 'failed'>(null);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [history, setHistory] = useState<TicketReferenceDetailResponse | null>(null);
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(() => jerusalemDateKey(new Date()));
  const [sales, setSales] = useState<TicketReferenceSale[] | null | 'failed'>(null);

  useEffect(() => {
    ticketReferencesApi.agents().then(
      (r) => setAgents(r.agents),
      () => setAgents([]),
    );
  }, []);

  useEffect(() => {
    let current = true;
    ticketReferencesApi.rows(agent).then(
      (r) => current && setRows(r.rows),
      () => current && setRows('failed'),
    );
    return () => {
      current = false;
    };
  }, [agent]);

  useEffect(() => {
    let current = true;
    if (from > to) return;
    // The latest request wins: an older answer is dropped.
    ticketReferencesApi.sales(from, to, agent).then(
      (r) => current && setSales(r.sales),
      () => current && setSales('failed'),
    );
    return () => {
      current = false;
    };
  }, [from, to, agent]);

  const refName = (r: { Reference1: string; Reference2: string }) =>
    r.Reference2 ? `${r.Reference1} / ${r.Reference2}` : r.Reference1;

  const shown = useMemo(() => {
    if (!Array.isArray(rows)) return [];
    const q = search.trim().toLowerCase();
    if (!q) return rows;
    return rows.filter((r) =>
      [r.Reference1, r.Reference2, r.FeatureName, r.FeatureNameEn, r.TicketName, r.TicketNameEn, r.AgentName]
        .filter(Boolean)
        .some((v) => v!.toLowerCase().includes(q)),
    );
  }, [rows, search]);

  const save = async (event: FormEvent, row: TicketReferenceRow) => {
    event.preventDefault();
    const quantity = Number(drafts[row.PriceRowId] ?? row.Quantity);
    setNotice(null);
    try {
      const r = await ticketReferencesApi.editQuantity(row, quantity);
      setRows((list) => (Array.isArray(list) ? list.map((x) => (x.PriceRowId === row.PriceRowId ? r.row : x)) : list));
      setDrafts(({ [row.PriceRowId]: _gone, ...rest }) => rest);
      setNotice(t(`${K}.saved`, { ref: refName(row), from: row.Quantity, to: r.row.Quantity }));
      if (history?.row.PriceRowId === row.PriceRowId) setHistory(await ticketReferencesApi.detail(row.PriceRowId));
    } catch (e) {
      setNotice(errorText(e, t('backOffice.reports.failed')));
    }
  };

  const openHistory = async (row: TicketReferenceRow) => {
    setNotice(null);
    try {
      setHistory(await ticketReferencesApi.detail(row.PriceRowId));
    } catch (e) {
      setNotice(errorText(e, t('backOffice.reports.failed')));
    }
  };

  const show = (r: {
    FeatureName: string | null;
    FeatureNameEn: string | null;
    FeatureNameRu: string | null;
    FeatureNameAr: string | null;
  }) => local(r.FeatureName, r.FeatureNameEn, r.FeatureNameRu, r.FeatureNameAr);
  const when = (iso: string | null) => (iso ? formatJerusalemDateTime(iso, locale) : '');
  const rowColumns: CsvColumn<TicketReferenceRow>[] = [
    { header: t(`${K}.columns.reference1`), value: (r) => r.Reference1 },
    { header: t(`${K}.columns.reference2`), value: (r) => r.Reference2 },
    { header: t(`${K}.agent`), value: (r) => r.AgentName ?? '' },
    { header: t(`${K}.columns.show`), value: (r) => show(r) },
    { header: t(`${K}.columns.date`), value: (r) => when(r.PresentationDateTime) },
    {
      header: t(`${K}.columns.ticket`),
      value: (r) => local(r.TicketName, r.TicketNameEn, r.TicketNameRu, r.TicketNameAr),
    },
    { header: t(`${K}.columns.priceType`), value: (r) => t(`${K}.priceType.${r.PriceType}`) },
    { header: 'PriceId', value: (r) => r.PriceId },
    { header: 'PriceRowId', value: (r) => r.PriceRowId },
    { header: t(`${K}.columns.quantity`), value: (r) => r.Quantity },
    { header: t(`${K}.columns.used`), value: (r) => r.Used },
    { header: t(`${K}.columns.remaining`), value: (r) => r.Remaining },
  ];
  const saleColumns: CsvColumn<TicketReferenceSale>[] = [
    { header: t(`${K}.columns.order`), value: (s) => s.ReservationIdentifier },
    { header: t(`${K}.columns.reference1`), value: (s) => s.Reference1 },
    { header: t(`${K}.columns.reference2`), value: (s) => s.Reference2 },
    { header: t(`${K}.columns.show`), value: (s) => show(s) },
    { header: t(`${K}.columns.date`), value: (s) => when(s.PresentationDateTime) },
    { header: t(`${K}.columns.soldAt`), value: (s) => when(s.SaleDateTime) },
    { header: t(`${K}.columns.amount`), value: (s) => formatShekels(s.AmountAgorot, locale) },
    { header: t(`${K}.columns.status`), value: (s) => t(`${K}.status.${s.Status}`) },
  ];

  return (
    <>
      <section className="bo-card" aria-labelledby="bo-refs-title">
        <div className="bo-card-head">
          <h2 id="bo-refs-title">{t(`${K}.title`)}</h2>
          {Array.isArray(rows) && (
            <button
              type="button"
              className="button"
              onClick={() => downloadCsv('ticket-references.csv', toCsv(shown, rowColumns))}
            >
              {t('backOffice.reports.exportCsv')}
            </button>
          )}
        </div>
        <div className="bo-filters">
          <div className="bo-field">
            <label htmlFor="bo-refs-agent">{t(`${K}.agent`)}</label>
            <select
              id="bo-refs-agent"
              value={agent ?? ''}
              onChange={(e) => {
                setRows(null);
                setSales(null);
                setAgent(e.target.value ? Number(e.target.value) : null);
              }}
            >
              <option value="">{t(`${K}.allAgents`)}</option>
              {agents.map((a) => (
                <option key={a.CustomerId} value={a.CustomerId}>
                  {a.Name}
                </option>
              ))}
            </select>
          </div>
          <div className="bo-field">
            <label htmlFor="bo-refs-search">{t(`${K}.search`)}</label>
            <input
              id="bo-refs-search"
              type="search"
              value={search}
              aria-describedby="bo-refs-search-hint"
              onChange={(e) => setSearch(e.target.value)}
            />
            <span id="bo-refs-search-hint" className="bo-hint">
              {t(`${K}.searchHint`)}
            </span>
          </div>
        </div>
        <p className="bo-notice" role="status">
          {notice}
        </p>
        {rows === null && <p role="status">{t('backOffice.reports.loading')}</p>}
        {rows === 'failed' && <p role="alert">{t('backOffice.reports.failed')}</p>}
        {Array.isArray(rows) &&
          (shown.length === 0 ? (
            <p>{t(`${K}.empty`)}</p>
          ) : (
            <div className="bo-table-wrap bo-refs-wrap" role="region" aria-labelledby="bo-refs-title" tabIndex={0}>
              <table className="bo-table bo-refs-table" id="bo-refs">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.columns.reference1`)}</th>
                    <th scope="col">{t(`${K}.columns.reference2`)}</th>
                    <th scope="col">{t(`${K}.columns.show`)}</th>
                    <th scope="col">{t(`${K}.columns.ticket`)}</th>
                    <th scope="col">{t(`${K}.columns.used`)}</th>
                    <th scope="col">{t(`${K}.columns.remaining`)}</th>
                    <th scope="col">{t(`${K}.columns.quantity`)}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t(`${K}.columns.actions`)}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((r) => (
                    <tr key={r.PriceRowId} data-testid={`bo-ref-${r.Reference1}`}>
                      <th scope="row" dir="ltr">
                        {r.Reference1}
                      </th>
                      <td dir="ltr">{r.Reference2}</td>
                      <td>
                        {show(r)}
                        {r.PresentationDateTime && <span className="bo-hint"> · {when(r.PresentationDateTime)}</span>}
                      </td>
                      <td>
                        {local(r.TicketName, r.TicketNameEn, r.TicketNameRu, r.TicketNameAr) ||
                          t(`${K}.priceType.${r.PriceType}`)}
                      </td>
                      <td>{r.Used}</td>
                      <td>{r.Remaining}</td>
                      <td>
                        <form className="bo-actions" onSubmit={(e) => void save(e, r)}>
                          <label className="visually-hidden" htmlFor={`bo-ref-qty-${r.PriceRowId}`}>
                            {t(`${K}.quantityFor`, { ref: refName(r) })}
                          </label>
                          <input
                            id={`bo-ref-qty-${r.PriceRowId}`}
                            className="bo-qty"
                            type="number"
                            inputMode="numeric"
                            min={r.Used}
                            max={1000000}
                            step={1}
                            required
                            value={drafts[r.PriceRowId] ?? String(r.Quantity)}
                            onChange={(e) => setDrafts((d) => ({ ...d, [r.PriceRowId]: e.target.value }))}
                          />
                          <button type="submit" className="button">
                            {t(`${K}.edit`)}
                          </button>
                        </form>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button"
                          aria-label={t(`${K}.historyFor`, { ref: refName(r) })}
                          onClick={() => void openHistory(r)}
                        >
                          {t(`${K}.history`)}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>

      {history && (
        <section className="bo-card" aria-labelledby="bo-refs-history-title" id="bo-refs-history">
          <div className="bo-card-head">
            <h3 id="bo-refs-history-title">{t(`${K}.historyTitle`, { ref: refName(history.row) })}</h3>
            <button type="button" className="button" onClick={() => setHistory(null)}>
              {t(`${K}.close`)}
            </button>
          </div>
          {history.history.length === 0 ? (
            <p>{t(`${K}.noHistory`)}</p>
          ) : (
            <ul className="bo-history">
              {history.history.map((h, i) => (
                <li key={i}>
                  <time dateTime={h.At}>{when(h.At)}</time> · {h.FirstName} {h.LastName} ·{' '}
                  <bdi>
                    {h.Action === 'create'
                      ? t(`${K}.created`, { to: h.NewQuantity })
                      : t(`${K}.change`, { from: h.OldQuantity, to: h.NewQuantity })}
                  </bdi>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section className="bo-card" aria-labelledby="bo-refs-sales-title">
        <div className="bo-card-head">
          <h3 id="bo-refs-sales-title">{t(`${K}.sales`)}</h3>
          {Array.isArray(sales) && (
            <button
              type="button"
              className="button"
              onClick={() => downloadCsv(`ticket-reference-sales-${from}-${to}.csv`, toCsv(sales, saleColumns))}
            >
              {t('backOffice.reports.exportCsv')}
            </button>
          )}
        </div>
        <div className="bo-filters">
          <div className="bo-field">
            <label htmlFor="bo-refs-from">{t(`${K}.from`)}</label>
            <input
              id="bo-refs-from"
              type="date"
              value={from}
              max={to}
              onChange={(e) => {
                setSales(null);
                setFrom(e.target.value);
              }}
            />
          </div>
          <div className="bo-field">
            <label htmlFor="bo-refs-to">{t(`${K}.to`)}</label>
            <input
              id="bo-refs-to"
              type="date"
              value={to}
              min={from}
              onChange={(e) => {
                setSales(null);
                setTo(e.target.value);
              }}
            />
          </div>
        </div>
        {sales === null && <p role="status">{t('backOffice.reports.loading')}</p>}
        {sales === 'failed' && <p role="alert">{t('backOffice.reports.failed')}</p>}
        {Array.isArray(sales) &&
          (sales.length === 0 ? (
            <p>{t('backOffice.reports.empty')}</p>
          ) : (
            <div
              className="bo-table-wrap bo-refs-wrap"
              role="region"
              aria-labelledby="bo-refs-sales-title"
              tabIndex={0}
            >
              <table className="bo-table" id="bo-refs-sales">
                <thead>
                  <tr>
                    {saleColumns.map((c) => (
                      <th scope="col" key={c.header}>
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sales.map((s) => (
                    <tr key={s.TicketIdentifier}>
                      <th scope="row" dir="ltr">
                        {s.ReservationIdentifier}
                      </th>
                      {saleColumns.slice(1).map((c) => (
                        <td key={c.header}>{c.value(s)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>
    </>
  );
}
