import type { ReactNode } from 'react';
import type { AdminNames } from '@hotline/shared';
import { pickText, textLang } from '../../../lib/localized';
import type { SupportedLocale } from '../../../lib/rules';

/** The events screen's keys (locales/*.json), under the back office's. */
export const K = 'backOffice.events';

/** A name in the reader's language, else its English (the storefront's fallback too). */
export const nameIn = (names: AdminNames, locale: SupportedLocale) =>
  pickText(locale, names.he, names.en, names.ru, names.ar);

/**
 * A name as staff typed it: in the reader's language when given, else its English one, marked as not ours to
 * translate and in its own language and direction.
 */
export function Named({ names, locale }: { names: AdminNames; locale: SupportedLocale }) {
  const text = nameIn(names, locale);
  if (names[locale].trim()) return <bdi>{text}</bdi>;
  const { lang, dir } = textLang(text);
  return (
    <bdi translate="no" lang={lang} dir={dir}>
      {text}
    </bdi>
  );
}

/** A zone's colour beside its name (the seat map's colour; the name says the same for those who do not see it). */
export const Swatch = ({ color }: { color: string }) => (
  <span className="bo-event-swatch" style={{ background: color }} aria-hidden="true" />
);

export interface FieldAria {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A labelled input with its hint and its error: `children` gets the ids that describe the input and whether it is
 * invalid, and renders the input itself (with `id`).
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className ? `bo-field ${className}` : 'bo-field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <span id={`${id}-hint`} className="bo-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="bo-event-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A whole number typed in a field, or null when it is not one within [min, max]. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

/** Focuses the first of these fields (in the order given) that has an error. */
export function focusFirst(ids: readonly string[], errors: Record<string, string>): void {
  const first = ids.find((id) => errors[id]);
  if (first) document.getElementById(first)?.focus();
}
