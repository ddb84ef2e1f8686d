import type { TFunction } from 'i18next';
import { Field as AdminField, type FieldProps } from '../admin-ui/Field';

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

/** A labelled input of the staff screen (admin-ui's Field), its error line in this screen's style. */
export const Field = (props: FieldProps) => <AdminField {...props} errorClass="bo-staff-error" />;
