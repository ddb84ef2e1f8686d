import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';

/** The staff screen's keys (locales/*.json), under the back office's. */
export const K = 'backOffice.staff';

/** The API's rule for a username (server/src/backoffice/staff-admin.controller.ts). */
export const USERNAME = /^[a-z][a-z0-9._-]{2,63}$/;
/** A person's name: 1 to 100 characters, no < or > (the API refuses them). */
export const NAME_MAX = 100;

/** A permission by its name in the reader's language; a number the screen does not know by its number. */
export const permissionName = (t: TFunction, permission: number): string =>
  t(`${K}.permissionNames.${permission}`, { defaultValue: t(`${K}.permissionNumber`, { number: permission }) });

/** Permissions in the menu's order (their numbers grow with it). */
export const byNumber = (list: readonly number[]): number[] => [...new Set(list)].sort((a, b) => a - b);

/** A username as typed: left to right in every language, and not ours to translate. */
export const Username = ({ name }: { name: string }) => (
  <bdi dir="ltr" translate="no">
    {name}
  </bdi>
);

/** A person's name as typed (any language and direction), not ours to translate. */
export const PersonName = ({ first, last }: { first: string; last: string }) => (
  <bdi translate="no">{`${first} ${last}`}</bdi>
);

interface FieldAria {
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
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="bo-field">
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
        <span id={`${id}-error`} className="bo-staff-error">
          {error}
        </span>
      )}
    </div>
  );
}
