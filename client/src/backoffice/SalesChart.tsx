import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShekels, intlLocaleFor, isRightToLeft, type DaySales } from '@hotline/shared';
import { useLocale } from '../hooks/useLocale';
import { fillDays, isLabelled, labelStride, niceAxis, type ChartDay } from './sales-chart-model';

/** The plot's width in CSS px, followed as the card resizes (text in the SVG stays at its real size). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** "26 Nov" in the reader's language (a report day is a calendar day: formatted in UTC, never shifted). */
function dayFormat(locale: string, withYear = false) {
  const f = new Intl.DateTimeFormat(intlLocaleFor(locale), {
    day: 'numeric',
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  return (key: string) => f.format(new Date(`${key}T12:00:00Z`));
}

const TICKETS_PX = { small: 150, large: 220 };
const REVENUE_PX = { small: 110, large: 160 };

/**
 * Tickets sold and revenue per day over the report's range, one bar per day (a day without sales is a bar at zero),
 * drawn by hand in SVG: two bands on one day axis (tickets above, revenue below), so neither needs a second scale
 * squeezed beside the first. Text stays real text at its real size at any width, in the reader's language; in
 * Hebrew and Arabic the chart is mirrored like the page, the first day at the right. The picture is one image to
 * assistive technology, named by a summary; the same numbers are a table under it.
 */
export function SalesChart({ days, from, to }: { days: DaySales[]; from: string; to: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const series = fillDays(days, from, to);
  const short = dayFormat(locale);
  const long = dayFormat(locale, true);
  const count = (n: number) => n.toLocaleString(intlLocaleFor(locale), { numberingSystem: 'latn' });

  const totalSold = series.reduce((s, d) => s + d.sold, 0);
  const totalRevenue = series.reduce((s, d) => s + d.revenueAgorot, 0);
  const peak = series.reduce<ChartDay | null>((p, d) => (d.sold > (p?.sold ?? 0) ? d : p), null);
  const summary = peak
    ? t('backOffice.reports.chart.summary', {
        tickets: count(totalSold),
        revenue: formatShekels(totalRevenue, locale),
        peakDay: long(peak.date),
        peakTickets: count(peak.sold),
      })
    : t('backOffice.reports.chart.noSales');

  return (
    <figure className="bo-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="bo-chart__title">
        {t('backOffice.reports.chart.title', { from: long(from), to: long(to) })}
      </figcaption>
      <p id={`${id}-summary`} className="bo-chart__summary">
        {summary}
      </p>
      <div ref={box} className="bo-chart__plot">
        {width > 0 && series.length > 0 && (
          <Plot
            series={series}
            width={width}
            rtl={isRightToLeft(locale)}
            labelledBy={`${id}-title ${id}-summary`}
            short={short}
            count={count}
            money={(agorot) => formatShekels(agorot, locale)}
            compactMoney={compactShekels(locale)}
          />
        )}
      </div>
      <details className="bo-chart__data">
        <summary id={`${id}-table`}>{t('backOffice.reports.chart.asTable')}</summary>
        {/* The chart's title too: every chart has its "as a table", and landmarks need names of their own. */}
        <div className="bo-table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-title ${id}-table`}>
          <table className="bo-table" data-testid="bo-chart-table">
            <thead>
              <tr>
                <th scope="col">{t('backOffice.reports.chart.day')}</th>
                <th scope="col">{t('backOffice.reports.chart.tickets')}</th>
                <th scope="col">{t('backOffice.reports.columns.revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{long(d.date)}</th>
                  <td>{count(d.sold)}</td>
                  <td>{formatShekels(d.revenueAgorot, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** "₪1.2K" / "‏1.2K ₪": short enough to sit above a bar. */
function compactShekels(locale: string) {
  const f = new Intl.NumberFormat(intlLocaleFor(locale), {
    style: 'currency',
    currency: 'ILS',
    notation: 'compact',
    maximumFractionDigits: 1,
    numberingSystem: 'latn',
  });
  return (agorot: number) => f.format(agorot / 100);
}

function Plot({
  series,
  width,
  rtl,
  labelledBy,
  short,
  count,
  money,
  compactMoney,
}: {
  series: ChartDay[];
  width: number;
  rtl: boolean;
  labelledBy: string;
  short: (key: string) => string;
  count: (n: number) => string;
  money: (agorot: number) => string;
  compactMoney: (agorot: number) => string;
}) {
  const { t } = useTranslation();
  const large = width >= 1400;
  const font = large ? 15 : 13;
  const n = series.length;
  const sold = niceAxis(Math.max(...series.map((d) => d.sold)), 4, 1);
  const revenue = niceAxis(Math.max(...series.map((d) => d.revenueAgorot)), 3, 100);
  const soldTicks = Array.from({ length: sold.top / sold.step + 1 }, (_, k) => k * sold.step);
  const revenueTicks = Array.from({ length: revenue.top / revenue.step + 1 }, (_, k) => k * revenue.step);
  // Room at the inline start for the longest axis value (about 0.6 em a character).
  const axis = Math.ceil(Math.max(...revenueTicks.map((v) => compactMoney(v).length), 3) * font * 0.62) + 14;
  const start = axis;
  // Room at the inline end for half a day label, so the newest day's label is not cut at the card's edge.
  const end = width - Math.max(8, font * 2.4 - (width - start) / n / 2);
  const slot = (end - start) / n;
  const bar = Math.max(2, Math.min(slot * 0.72, large ? 56 : 40));
  // Values sit above the bars only when every one of the band fits its slot (about 0.6 em a character): all or none,
  // never touching the next bar's.
  const fitsAbove = (text: string) => text.length * font * 0.85 * 0.6 <= slot - 4;
  const stride = labelStride(n, slot, font * 4.2);

  const titleH = font * 2.8;
  const ticketsTop = titleH;
  const ticketsH = large ? TICKETS_PX.large : TICKETS_PX.small;
  const revenueTop = ticketsTop + ticketsH + titleH + font * 0.8;
  const revenueH = large ? REVENUE_PX.large : REVENUE_PX.small;
  const daysY = revenueTop + revenueH + font * 1.4;
  const height = daysY + font * 1.6;

  // Left-to-right geometry, mirrored at the end for right-to-left readers: the first day is at the inline start.
  const X = (x: number) => (rtl ? width - x : x);
  const centre = (i: number) => X(start + slot * (i + 0.5));
  const axisAnchor = rtl ? 'start' : 'end';

  const band = (
    kind: 'tickets' | 'revenue',
    top: number,
    h: number,
    scale: { top: number },
    ticks: number[],
    value: (d: ChartDay) => number,
    tickText: (v: number) => string,
    valueText: (v: number) => string,
    title: string,
  ) => {
    const withValues = series.every((d) => fitsAbove(valueText(value(d))));
    return (
      <g className={`bo-chart__band bo-chart__band--${kind}`}>
        {/* A title in the reader's direction, so "(₪)" lands where a Hebrew or Arabic reader expects it. */}
        <text
          className="bo-chart__axis-title"
          x={X(4)}
          y={top - font * 1.6}
          direction={rtl ? 'rtl' : 'ltr'}
          textAnchor="start"
          fontSize={font}
        >
          {title}
        </text>
        {ticks.map((v) => {
          const y = top + h - (v / scale.top) * h;
          return (
            <g key={v}>
              <line className="bo-chart__grid" x1={X(start)} x2={X(end)} y1={y} y2={y} />
              <text className="bo-chart__tick" x={X(start - 6)} y={y} textAnchor={axisAnchor} fontSize={font * 0.9}>
                {tickText(v)}
              </text>
            </g>
          );
        })}
        {series.map((d, i) => {
          const v = value(d);
          const bh = (v / scale.top) * h;
          return (
            <g key={d.date}>
              <rect
                className={`bo-chart__bar bo-chart__bar--${kind}`}
                data-day={d.date}
                data-value={v}
                x={centre(i) - bar / 2}
                y={top + h - bh}
                width={bar}
                height={bh}
                rx={Math.min(3, bar / 4)}
              >
                <title>{`${short(d.date)}: ${kind === 'tickets' ? count(v) : money(v)}`}</title>
              </rect>
              {v > 0 && withValues && (
                <text
                  className="bo-chart__value"
                  x={centre(i)}
                  y={top + h - bh - 5}
                  textAnchor="middle"
                  fontSize={font * 0.85}
                >
                  {valueText(v)}
                </text>
              )}
            </g>
          );
        })}
      </g>
    );
  };

  return (
    <svg
      className="bo-chart__svg"
      role="img"
      aria-labelledby={labelledBy}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      direction="ltr"
    >
      {band(
        'tickets',
        ticketsTop,
        ticketsH,
        sold,
        soldTicks,
        (d) => d.sold,
        count,
        count,
        t('backOffice.reports.chart.tickets'),
      )}
      {band(
        'revenue',
        revenueTop,
        revenueH,
        revenue,
        revenueTicks,
        (d) => d.revenueAgorot,
        compactMoney,
        compactMoney,
        t('backOffice.reports.chart.revenue'),
      )}
      <g className="bo-chart__days">
        {series.map((d, i) =>
          isLabelled(i, n, stride) ? (
            <text
              key={d.date}
              className="bo-chart__day"
              x={centre(i)}
              y={daysY}
              textAnchor="middle"
              fontSize={font * 0.9}
            >
              {short(d.date)}
            </text>
          ) : null,
        )}
      </g>
    </svg>
  );
}
