import type { AdminNames } from '@hotline/shared';
import { pickText, textLang } from '../../lib/localized';
import type { SupportedLocale } from '../../lib/rules';
import { Field as AdminField, type FieldProps } from '../admin-ui/Field';

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

/** A labelled input of the events screen (admin-ui's Field), its error line in this screen's style. */
export const Field = (props: FieldProps) => <AdminField {...props} errorClass="bo-event-error" />;

/** A whole number typed in a field, or null when it is not one within [min, max]. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

/** Focuses the first of these fields (in the order given) that has an error. */
export function focusFirst(ids: readonly string[], errors: Record<string, string>): void {
  const first = ids.find((id) => errors[id]);
  if (first) document.getElementById(first)?.focus();
}
