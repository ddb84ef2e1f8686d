import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { DaySales } from '@hotline/shared';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * Tickets sold per day (Chart.js, only the bar parts registered). The canvas is an image
 * to assistive technology, labelled with the same numbers in words; the table beside it
 * carries the data for screen readers and CSV. Time runs left to right in every language.
 */
export function SalesChart({ days }: { days: DaySales[] }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const styles = getComputedStyle(canvas.current);
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days.map((d) => d.Date),
        datasets: [
          {
            label: t('backOffice.reports.columns.sold'),
            data: days.map((d) => d.Sold),
            backgroundColor: styles.getPropertyValue('--primary').trim() || '#0b4aa2',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [days, t]);

  const summary = days.map((d) => `${d.Date}: ${d.Sold}`).join(', ') || '0';
  return (
    <div className="bo-chart" dir="ltr">
      <canvas ref={canvas} role="img" aria-label={t('backOffice.reports.chartLabel', { summary })} />
    </div>
  );
}
