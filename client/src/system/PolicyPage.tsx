import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export type PolicyKey = 'terms' | 'cancellation';

/** How many paragraphs each policy has in the locale files (policies.<page>.p1 … pN). */
const PARAGRAPHS: Record<PolicyKey, number> = { terms: 4, cancellation: 4 };

/**
 * The terms of use and the cancellation policy, linked from the checkout's terms box. Plain translated text:
 * a buyer agrees to what they can read in their own language.
 */
export default function PolicyPage({ page }: { page: PolicyKey }) {
  const { t } = useTranslation();
  const titleId = `policy-${page}-title`;
  return (
    <article className="container page policy-page" aria-labelledby={titleId} data-testid={`policy-${page}`}>
      <h1 id={titleId}>{t(`policies.${page}.title`)}</h1>
      {Array.from({ length: PARAGRAPHS[page] }, (_, i) => (
        <p key={i}>{t(`policies.${page}.p${i + 1}`)}</p>
      ))}
      <p>
        <Link className="text-link" to="/booking">
          {t('holdExpired.events')}
        </Link>
      </p>
    </article>
  );
}
