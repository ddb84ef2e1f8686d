import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAPACITY_TOTAL_ID,
  formatJerusalemDateTime,
  formatShekels,
  jerusalemDateKey,
  type CapacityLine,
  type CapacityReportResponse,
  type SalesReport,
} from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { backOfficeApi } from './backoffice-api';
import { downloadCsv, toCsv, type CsvColumn } from './csv';
import { SalesChart } from './SalesChart';

type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: T };

/** How often an open report asks again while the page is visible (an on-sale moves by the second). */
const REFRESH_MS = 15_000;

/**
 * Runs `fetch` whenever `key` changes, and again every REFRESH_MS while the page is visible;
 * the latest request wins and older answers are dropped (spec section 4). A refresh keeps
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
    const timer = setInterval(() => document.visibilityState === 'visible' && run(), REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
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
  const name = (r: CapacityLine) =>
    (r.LocationId ?? r.FeatureId) === CAPACITY_TOTAL_ID
      ? t('backOffice.reports.total')
      : locale === 'he' || locale === 'ar'
        ? r.Name
        : r.NameEn;
  const columns: CsvColumn<CapacityLine>[] = [
    { header: t('backOffice.reports.columns.name'), value: name },
    { header: t('backOffice.reports.columns.capacity'), value: (r) => r.Capacity },
    { header: t('backOffice.reports.columns.sold'), value: (r) => r.Sold },
    { header: t('backOffice.reports.columns.availability'), value: (r) => r.Availability },
  ];
  return (
    <section className="bo-card" aria-labelledby={`${id}-title`}>
      <div className="bo-card-head">
        <h3 id={`${id}-title`}>{title}</h3>
        {report.kind === 'ready' && (
          <button
            type="button"
            className="button"
            onClick={() => downloadCsv(fileName, toCsv(report.data.rows, columns))}
          >
            {t('backOffice.reports.exportCsv')}
          </button>
        )}
      </div>
      {report.kind === 'loading' && <p role="status">{t('backOffice.reports.loading')}</p>}
      {report.kind === 'failed' && <p role="alert">{t('backOffice.reports.failed')}</p>}
      {report.kind === 'ready' &&
        (report.data.rows.length <= 1 ? (
          <p>{t('backOffice.reports.empty')}</p>
        ) : (
          <div className="bo-table-wrap">
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
                {report.data.rows.map((r, i) => (
                  <tr key={i} className={i === report.data.rows.length - 1 ? 'bo-total' : undefined}>
                    <th scope="row">{name(r)}</th>
                    <td>{r.Capacity.toLocaleString(locale)}</td>
                    <td>{r.Sold.toLocaleString(locale)}</td>
                    <td>{r.Availability.toLocaleString(locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}

function SalesSection({ report, fileName }: { report: Load<SalesReport>; fileName: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const show = (p: SalesReport['presentations'][number]) =>
    locale === 'he' || locale === 'ar' ? p.FeatureName : p.FeatureNameEn;
  const venue = (p: SalesReport['presentations'][number]) =>
    locale === 'he' || locale === 'ar' ? p.LocationName : p.LocationNameEn;
  type Line = SalesReport['presentations'][number];
  const columns: CsvColumn<Line>[] = [
    { header: t('backOffice.reports.columns.show'), value: show },
    { header: t('backOffice.reports.columns.location'), value: venue },
    {
      header: t('backOffice.reports.columns.date'),
      value: (p) => formatJerusalemDateTime(p.PresentationDateTime, locale),
    },
    { header: t('backOffice.reports.columns.capacity'), value: (p) => p.Capacity },
    { header: t('backOffice.reports.columns.sold'), value: (p) => p.Sold },
    { header: t('backOffice.reports.columns.revenue'), value: (p) => (p.RevenueAgorot / 100).toFixed(2) },
  ];
  return (
    <section className="bo-card" aria-labelledby="bo-sales-title">
      <div className="bo-card-head">
        <h3 id="bo-sales-title">{t('backOffice.reports.sales')}</h3>
        {report.kind === 'ready' && (
          <button
            type="button"
            className="button"
            onClick={() => downloadCsv(fileName, toCsv(report.data.presentations, columns))}
          >
            {t('backOffice.reports.exportCsv')}
          </button>
        )}
      </div>
      {report.kind === 'loading' && <p role="status">{t('backOffice.reports.loading')}</p>}
      {report.kind === 'failed' && <p role="alert">{t('backOffice.reports.failed')}</p>}
      {report.kind === 'ready' && (
        <>
          <SalesChart days={report.data.salesByDay} />
          {report.data.presentations.length === 0 ? (
            <p>{t('backOffice.reports.empty')}</p>
          ) : (
            <div className="bo-table-wrap">
              <table className="bo-table" id="bo-sales">
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
                  {report.data.presentations.map((p) => (
                    <tr key={p.PresentationId}>
                      <th scope="row">{show(p)}</th>
                      <td>{venue(p)}</td>
                      <td>{formatJerusalemDateTime(p.PresentationDateTime, locale)}</td>
                      <td>{p.Capacity.toLocaleString(locale)}</td>
                      <td>{p.Sold.toLocaleString(locale)}</td>
                      <td>{formatShekels(p.RevenueAgorot, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** Presentations report (permission 266): capacity by cinema and by movie for a day, and the last month's sales. */
export function ReportsPanel() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => jerusalemDateKey(new Date()));
  const byLocation = useLatest(`loc:${date}`, () => backOfficeApi.capacityByLocation(date));
  const byFeature = useLatest(`feat:${date}`, () => backOfficeApi.capacityByFeature(date));
  const sales = useLatest(`sales:${date}`, () => backOfficeApi.presentationSales(daysBefore(date, 30), date));
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
        title={t('backOffice.reports.byLocation')}
        report={byLocation}
        fileName={`capacity-by-cinema-${date}.csv`}
      />
      <CapacityTable
        id="bo-by-feature"
        title={t('backOffice.reports.byFeature')}
        report={byFeature}
        fileName={`capacity-by-movie-${date}.csv`}
      />
      <SalesSection report={sales} fileName={`sales-${daysBefore(date, 30)}-${date}.csv`} />
    </div>
  );
}
