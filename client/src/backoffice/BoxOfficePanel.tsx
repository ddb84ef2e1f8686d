import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatJerusalemDateTime } from '@hotline/shared';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { backOfficeApi } from './backoffice-api';

type Presentation = Awaited<ReturnType<typeof backOfficeApi.availablePresentations>>['presentations'][number];

/** Producer ticket sale (permission 267): pick one of your presentations and open its seat map in box-office mode. */
export function BoxOfficePanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [list, setList] = useState<Presentation[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    backOfficeApi.availablePresentations().then(
      (r) => {
        if (!current) return;
        const upcoming = r.presentations.filter((p) => Date.parse(p.PresentationDateTime) > Date.now());
        setList(upcoming);
        setChosen(upcoming[0]?.PresentationId ?? null);
      },
      () => current && setList([]),
    );
    return () => {
      current = false;
    };
  }, []);

  const label = (p: Presentation) =>
    `${pickText(locale, p.FeatureName, p.FeatureNameEn, p.FeatureNameRu, p.FeatureNameAr)} · ${pickText(
      locale,
      p.LocationName,
      p.LocationNameEn,
      p.LocationNameRu,
      p.LocationNameAr,
    )} · ${formatJerusalemDateTime(p.PresentationDateTime, locale)}`;

  return (
    <section className="bo-card" aria-labelledby="bo-boxoffice-title">
      <h2 id="bo-boxoffice-title">{t('backOffice.boxOffice.title')}</h2>
      <p>{t('backOffice.boxOffice.intro')}</p>
      {list === null ? (
        <p role="status">{t('backOffice.reports.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('backOffice.reports.empty')}</p>
      ) : (
        <div className="bo-field bo-field--inline">
          <label htmlFor="bo-presentation">{t('backOffice.boxOffice.presentation')}</label>
          <select id="bo-presentation" value={chosen ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
            {list.map((p) => (
              <option key={p.PresentationId} value={p.PresentationId}>
                {label(p)}
              </option>
            ))}
          </select>
          {chosen !== null && (
            <Link className="button button--primary" to={`/order/${chosen}?mode=boxoffice&lang=${locale}`}>
              {t('backOffice.boxOffice.open')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
