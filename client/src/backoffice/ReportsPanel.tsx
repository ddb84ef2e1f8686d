import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAPACITY_TOTAL_ID,
  formatJerusalemDateTime,
  formatShekels,
  jerusalemDateKey,
  type CapacityLine,
  type CapacityReportResponse,
  type ReportVenueKind,
  type SalesReport,
} from '@hotline/shared';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { backOfficeApi } from './backoffice-api';
import { downloadCsv, toCsv, type CsvColumn } from './csv';
import { onReportsChanged } from './reports-push';
import { SalesChart } from './SalesChart';

type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: T };

/**
 * A safety net only: an open report asks again as soon as the server says its business's seats changed
 * (reports-push.ts, from the seat engine's change stream); this poll covers a lost connection.
 */
const REFRESH_MS = 60_000;

/**
 * Runs `fetch` whenever `key` changes, again when the server pushes a change, and every REFRESH_MS while the
 * page is visible; the latest request wins and older answers are dropped (spec section 4). A refresh keeps
 * showing the last answer until the new one arrives.
 */
function useLatest<T>(key: string, fetch: () => Promise<T>): Load<T> {
  const [result, setResult] = useState<{ key: string; load: Load<T> } | null>(null);
  useEffect(() => {
    let current = true;
    let seq = 0;
    let shown = 0;
    const run = () => {
      const mine = ++seq;
      fetch().then(
        (data) => {
          if (!current || mine < shown) return;
          shown = mine;
          setResult({ key, load: { kind: 'ready', data } });
        },
        () =>
          current &&
          mine >= shown &&
          setResult((r) => (r?.key === key && r.load.kind === 'ready' ? r : { key, load: { kind: 'failed' } })),
      );
    };
    run();
    const whenVisible = () => document.visibilityState === 'visible' && run();
    const timer = setInterval(whenVisible, REFRESH_MS);
    const stopPush = onReportsChanged(whenVisible);
    return () => {
      current = false;
      clearInterval(timer);
      stopPush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names everything `fetch` reads
  }, [key]);
  // An answer for an older key is never shown: until the new one arrives, the report is loading.
  return result?.key === key ? result.load : { kind: 'loading' };
}

function daysBefore(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

interface Column<Row> extends CsvColumn<Row> {
  /** What the table cell shows; the CSV value when absent. */
  cell?: (row: Row) => ReactNode;
}

/**
 * One report card: title, CSV export of exactly the rows shown, loading and failure states,
 * and the table (first column as row headers). `extra` renders above the table (a chart).
 */
function ReportTable<Row>({
  id,
  title,
  load,
  columns,
  fileName,
  isTotal,
  extra,
}: {
  id: string;
  title: string;
  load: Load<Row[]>;
  columns: Column<Row>[];
  fileName: string;
  isTotal?: (row: Row) => boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = load.kind === 'ready' ? load.data : [];
  const cell = (c: Column<Row>, r: Row) => (c.cell ? c.cell(r) : c.value(r));
  return (
    <section className="bo-card" aria-labelledby={`${id}-title`}>
      <div className="bo-card-head">
        <h3 id={`${id}-title`}>{title}</h3>
        {load.kind === 'ready' && (
          <button type="button" className="button" onClick={() => downloadCsv(fileName, toCsv(rows, columns))}>
            {t('backOffice.reports.exportCsv')}
          </button>
        )}
      </div>
      {load.kind === 'loading' && <p role="status">{t('backOffice.reports.loading')}</p>}
      {load.kind === 'failed' && <p role="alert">{t('backOffice.reports.failed')}</p>}
      {load.kind === 'ready' && extra}
      {load.kind === 'ready' &&
        (rows.filter((r) => !isTotal?.(r)).length === 0 ? (
          <p>{t('backOffice.reports.empty')}</p>
        ) : (
          // Scrolls sideways on a phone: a focusable region, so a keyboard can scroll it too. Named apart from the
          // card around it (two landmarks of one name tell a screen-reader user nothing: axe landmark-unique).
          <div
            className="bo-table-wrap"
            tabIndex={0}
            role="region"
            aria-label={t('backOffice.reports.tableOf', { title })}
          >
            <table className="bo-table" id={id}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} className={isTotal?.(r) ? 'bo-total' : undefined}>
                    {columns.map((c, j) =>
                      j === 0 ? (
                        <th key={c.header} scope="row">
                          {cell(c, r)}
                        </th>
                      ) : (
                        <td key={c.header}>{cell(c, r)}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}

function mapLoad<A, B>(load: Load<A>, f: (a: A) => B): Load<B> {
  return load.kind === 'ready' ? { kind: 'ready', data: f(load.data) } : load;
}

/** What a capacity report's venues are (its heading and total row say "cinema", "stadium", … or "venue"). */
function venueKindOf(report: Load<CapacityReportResponse>): ReportVenueKind {
  return report.kind === 'ready' ? report.data.venueKind : 'mixed';
}

function CapacityTable({
  id,
  title,
  report,
  fileName,
}: {
  id: string;
  title: string;
  report: Load<CapacityReportResponse>;
  fileName: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The total row is id -1 (LocationId by cinema, FeatureId by movie); its name is ours to translate.
  const isTotal = (r: CapacityLine) => (r.LocationId ?? r.FeatureId) === CAPACITY_TOTAL_ID;
  const kind = venueKindOf(report);
  const name = (r: CapacityLine) =>
    isTotal(r) ? t(`backOffice.reports.total.${kind}`) : pickText(locale, r.Name, r.NameEn, r.NameRu, r.NameAr);
  const count = (n: number) => n.toLocaleString(locale);
  const columns: Column<CapacityLine>[] = [
    { header: t('backOffice.reports.columns.name'), value: name },
    { header: t('backOffice.reports.columns.capacity'), value: (r) => r.Capacity, cell: (r) => count(r.Capacity) },
    { header: t('backOffice.reports.columns.sold'), value: (r) => r.Sold, cell: (r) => count(r.Sold) },
    { header: t('backOffice.reports.columns.held'), value: (r) => r.Held, cell: (r) => count(r.Held) },
    {
      header: t('backOffice.reports.columns.availability'),
      value: (r) => r.Availability,
      cell: (r) => count(r.Availability),
    },
  ];
  return (
    <ReportTable
      id={id}
      title={title}
      load={mapLoad(report, (d) => d.rows)}
      columns={columns}
      fileName={fileName}
      isTotal={isTotal}
    />
  );
}

type SalesLine = SalesReport['presentations'][number];

function SalesSection({
  report,
  from,
  to,
  fileName,
}: {
  report: Load<SalesReport>;
  from: string;
  to: string;
  fileName: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const columns: Column<SalesLine>[] = [
    {
      header: t('backOffice.reports.columns.show'),
      value: (p) => pickText(locale, p.FeatureName, p.FeatureNameEn, p.FeatureNameRu, p.FeatureNameAr),
    },
    {
      header: t('backOffice.reports.columns.location'),
      value: (p) => pickText(locale, p.LocationName, p.LocationNameEn, p.LocationNameRu, p.LocationNameAr),
    },
    {
      header: t('backOffice.reports.columns.date'),
      value: (p) => formatJerusalemDateTime(p.PresentationDateTime, locale),
    },
    {
      header: t('backOffice.reports.columns.capacity'),
      value: (p) => p.Capacity,
      cell: (p) => p.Capacity.toLocaleString(locale),
    },
    { header: t('backOffice.reports.columns.sold'), value: (p) => p.Sold, cell: (p) => p.Sold.toLocaleString(locale) },
    { header: t('backOffice.reports.columns.held'), value: (p) => p.Held, cell: (p) => p.Held.toLocaleString(locale) },
    {
      header: t('backOffice.reports.columns.revenue'),
      value: (p) => (p.RevenueAgorot / 100).toFixed(2),
      cell: (p) => formatShekels(p.RevenueAgorot, locale),
    },
  ];
  return (
    <ReportTable
      id="bo-sales"
      title={t('backOffice.reports.sales')}
      load={mapLoad(report, (d) => d.presentations)}
      columns={columns}
      fileName={fileName}
      extra={report.kind === 'ready' && <SalesChart days={report.data.salesByDay} from={from} to={to} />}
    />
  );
}

/** Presentations report (permission 266): capacity by cinema and by movie for a day, and the last month's sales. */
export function ReportsPanel() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => jerusalemDateKey(new Date()));
  const byLocation = useLatest(`loc:${date}`, () => backOfficeApi.capacityByLocation(date));
  const byFeature = useLatest(`feat:${date}`, () => backOfficeApi.capacityByFeature(date));
  const from = daysBefore(date, 30);
  const sales = useLatest(`sales:${date}`, () => backOfficeApi.presentationSales(from, date));
  return (
    <div className="bo-reports">
      <h2>{t('backOffice.reports.title')}</h2>
      <div className="bo-field bo-field--inline">
        <label htmlFor="bo-date">{t('backOffice.reports.date')}</label>
        <input
          id="bo-date"
          type="date"
          value={date}
          onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && setDate(e.target.value)}
        />
      </div>
      <CapacityTable
        id="bo-by-location"
        title={t(`backOffice.reports.byLocation.${venueKindOf(byLocation)}`)}
        report={byLocation}
        fileName={`capacity-by-cinema-${date}.csv`}
      />
      <CapacityTable
        id="bo-by-feature"
        title={t(`backOffice.reports.byFeature.${venueKindOf(byFeature)}`)}
        report={byFeature}
        fileName={`capacity-by-movie-${date}.csv`}
      />
      <SalesSection report={sales} from={from} to={date} fileName={`sales-${from}-${date}.csv`} />
    </div>
  );
}
