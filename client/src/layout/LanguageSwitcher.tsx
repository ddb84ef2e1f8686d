import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { i18next } from '../i18n';
import { isSupportedLocale, LANG_PARAM, SUPPORTED_LOCALES, type SupportedLocale } from '../i18n/locale';
import { useLocaleStore } from '../state/locale-store';

/** Each language's name in that language ("עברית", "English", "Русский", "العربية"). */
export function endonym(locale: SupportedLocale): string {
  return i18next.getFixedT(locale)('language.name');
}

/**
 * Native <select>: keyboard, screen-reader and mobile friendly with no extra code.
 * Options carry their own `lang` so each name is read in its language.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const [params, setParams] = useSearchParams();

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    if (!isSupportedLocale(next)) return;
    setLocale(next);
    // An explicit ?lang= in the address would otherwise override the choice.
    if (params.has(LANG_PARAM)) {
      const updated = new URLSearchParams(params);
      updated.set(LANG_PARAM, next);
      setParams(updated, { replace: true, preventScrollReset: true });
    }
  }

  return (
    <div className="lang-switcher">
      <label htmlFor={id} className="lang-switcher__label">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.9 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.84 2h2.95c.32 1.25.78 2.45 1.38 3.56A8 8 0 0 1 5.1 16Zm2.95-8H5.1a8 8 0 0 1 4.33-3.56A15.7 15.7 0 0 0 8.05 8ZM12 19.96A14.1 14.1 0 0 1 10.09 16h3.82A14.1 14.1 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z"
          />
        </svg>
        <span className="visually-hidden">{t('language.label')}</span>
      </label>
      <select id={id} className="lang-switcher__select" value={locale} onChange={onChange}>
        {SUPPORTED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {endonym(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
