import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminStaff, AdminStaffInput } from '@hotline/shared';
import { closeOnEscape } from '../admin-ui/close-on-escape';
import { InlineConfirm } from '../admin-ui/InlineConfirm';
import { Field, K, NAME_MAX, USERNAME, Username, byNumber, permissionName } from './staff-ui';

type FieldName = 'username' | 'firstName' | 'lastName' | 'businesses';

/**
 * The fields of an account: the username (a new account only: it never changes), first and last name, and the
 * permissions and businesses given, as checkboxes of those the signed-in person holds (the server refuses any more).
 * Checked in the browser first (the API's rules), every error named at its field and the first one focused.
 * `onSubmit` answers whether the server took it; a new account's form is emptied then.
 */
export function StaffForm({
  idPrefix,
  account,
  held,
  businesses,
  grantsLocked,
  busy,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  idPrefix: string;
  /** The account edited; none for a new one (then a username is asked for). */
  account?: AdminStaff;
  /** The permissions the signed-in person holds: the only ones offered. */
  held: readonly number[];
  /** The signed-in person's businesses: the only ones offered. */
  businesses: readonly number[];
  /** Your own account: someone else changes your permissions and businesses. */
  grantsLocked?: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit: (input: AdminStaffInput) => Promise<boolean>;
  onClose?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const fresh = (): AdminStaffInput => ({
    username: account?.username ?? '',
    firstName: account?.firstName ?? '',
    lastName: account?.lastName ?? '',
    permissions: account?.permissions ?? [],
    // A person with one business gives that one; with several, they choose.
    businessIds: account?.businessIds ?? (businesses.length === 1 ? [...businesses] : []),
  });
  const [draft, setDraft] = useState<AdminStaffInput>(fresh);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const firstRef = useRef<HTMLInputElement>(null);
  const id = (field: string) => `${idPrefix}-${field}`;
  const editing = account !== undefined;

  useEffect(() => {
    if (editing) firstRef.current?.focus();
  }, [editing]);

  const toggle = (list: 'permissions' | 'businessIds', value: number, on: boolean) =>
    setDraft((d) => ({ ...d, [list]: on ? byNumber([...d[list], value]) : d[list].filter((v) => v !== value) }));

  const nameError = (text: string) =>
    !text.trim() ? t(`${K}.required`) : /[<>]/.test(text) ? t(`${K}.noAngle`) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    if (!editing && !USERNAME.test(draft.username.trim()))
      found.username = draft.username.trim() ? t(`${K}.usernameInvalid`) : t(`${K}.required`);
    const first = nameError(draft.firstName);
    if (first) found.firstName = first;
    const last = nameError(draft.lastName);
    if (last) found.lastName = last;
    if (draft.businessIds.length === 0) found.businesses = t(`${K}.businessRequired`);
    setErrors(found);
    const firstBad = (['username', 'firstName', 'lastName', 'businesses'] as const).find((f) => found[f]);
    if (firstBad) {
      const target =
        firstBad === 'businesses' ? document.querySelector<HTMLInputElement>(`#${id('businesses')} input`) : null;
      (target ?? document.getElementById(id(firstBad)))?.focus();
      return;
    }
    const taken = await onSubmit({
      username: draft.username.trim(),
      firstName: draft.firstName.trim(),
      lastName: draft.lastName.trim(),
      permissions: byNumber(draft.permissions),
      businessIds: byNumber(draft.businessIds),
    });
    if (taken && !editing) setDraft(fresh());
  };

  const permissionOptions = byNumber(held);
  const lockHint = grantsLocked ? id('locked') : undefined;

  return (
    <form
      id={idPrefix}
      className={editing ? 'bo-staff-editor' : undefined}
      noValidate
      aria-labelledby={editing ? id('title') : undefined}
      onSubmit={(e) => void submit(e)}
      onKeyDown={onClose ? closeOnEscape(onClose) : undefined}
      data-testid={idPrefix}
    >
      {children}
      <div className="bo-staff-fields">
        {!editing && (
          <Field id={id('username')} label={t(`${K}.username`)} hint={t(`${K}.usernameHint`)} error={errors.username}>
            {(aria) => (
              <input
                id={id('username')}
                name="username"
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                required
                value={draft.username}
                onChange={(e) => setDraft((d) => ({ ...d, username: e.target.value }))}
                {...aria}
              />
            )}
          </Field>
        )}
        <Field id={id('firstName')} label={t(`${K}.firstName`)} error={errors.firstName}>
          {(aria) => (
            <input
              id={id('firstName')}
              ref={firstRef}
              name="firstName"
              autoComplete="off"
              maxLength={NAME_MAX}
              required
              value={draft.firstName}
              onChange={(e) => setDraft((d) => ({ ...d, firstName: e.target.value }))}
              {...aria}
            />
          )}
        </Field>
        <Field id={id('lastName')} label={t(`${K}.lastName`)} error={errors.lastName}>
          {(aria) => (
            <input
              id={id('lastName')}
              name="lastName"
              autoComplete="off"
              maxLength={NAME_MAX}
              required
              value={draft.lastName}
              onChange={(e) => setDraft((d) => ({ ...d, lastName: e.target.value }))}
              {...aria}
            />
          )}
        </Field>
      </div>
      {grantsLocked && (
        <p id={lockHint} className="bo-hint">
          {t(`${K}.selfGrants`)}
        </p>
      )}
      <div className="bo-staff-grants">
        <fieldset
          id={id('permissions')}
          className="bo-staff-choices"
          disabled={grantsLocked}
          aria-describedby={[id('permissions-hint'), lockHint].filter(Boolean).join(' ')}
        >
          <legend>{t(`${K}.permissions`)}</legend>
          <p id={id('permissions-hint')} className="bo-hint">
            {t(`${K}.permissionsHint`)}
          </p>
          <ul>
            {permissionOptions.map((p) => (
              <li key={p}>
                <input
                  type="checkbox"
                  id={id(`perm-${p}`)}
                  value={p}
                  checked={draft.permissions.includes(p)}
                  onChange={(e) => toggle('permissions', p, e.target.checked)}
                />
                <label htmlFor={id(`perm-${p}`)}>{permissionName(t, p)}</label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset
          id={id('businesses')}
          className="bo-staff-choices"
          disabled={grantsLocked}
          aria-describedby={[id('businesses-hint'), errors.businesses && id('businesses-error'), lockHint]
            .filter(Boolean)
            .join(' ')}
        >
          <legend>{t(`${K}.businesses`)}</legend>
          <p id={id('businesses-hint')} className="bo-hint">
            {t(`${K}.businessesHint`)}
          </p>
          <ul>
            {byNumber(businesses).map((b) => (
              <li key={b}>
                <input
                  type="checkbox"
                  id={id(`biz-${b}`)}
                  value={b}
                  checked={draft.businessIds.includes(b)}
                  aria-invalid={errors.businesses ? true : undefined}
                  onChange={(e) => toggle('businessIds', b, e.target.checked)}
                />
                <label htmlFor={id(`biz-${b}`)}>{t(`${K}.businessOption`, { id: b })}</label>
              </li>
            ))}
          </ul>
          {errors.businesses && (
            <span id={id('businesses-error')} className="bo-staff-error">
              {errors.businesses}
            </span>
          )}
        </fieldset>
      </div>
      <div className="bo-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
        {onClose && (
          <button type="button" className="button" disabled={busy} onClick={onClose}>
            {t(`${K}.closeForm`)}
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * "Reset": says in plain words what it does (signed out everywhere, a new password and authenticator through a new
 * link) and asks again. It takes the focus when it opens; its safe choice is "Keep it as it is".
 */
export function ResetConfirm({
  account,
  busy,
  onConfirm,
  onClose,
}: {
  account: AdminStaff;
  busy: boolean;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <InlineConfirm
      id={`bo-staff-${account.id}-reset`}
      classPrefix="bo-staff"
      title={
        <>
          {t(`${K}.resetTitle`)} <Username name={account.username} />
        </>
      }
      explain={t(`${K}.resetExplain`)}
      confirmLabel={t(`${K}.confirmReset`)}
      keepLabel={t(`${K}.keep`)}
      busy={busy}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}

/** A setup link just made: shown once, to be given to its owner privately. */
export interface ShownLink {
  username: string;
  firstName: string;
  lastName: string;
  url: string;
  expiresAt: string;
  /** New account or reset one: the heading says which. */
  kind: 'created' | 'reset';
}

/**
 * The one-time setup link in a labelled read-only field with a Copy button and when it stops working, and the
 * sentence that it is shown only now and goes to its owner privately. Its heading takes the focus when it appears.
 * Copying falls back to selecting the link (a browser without clipboard access) and saying how to copy it.
 */
export function SetupLinkBox({ link, expires, onDone }: { link: ShownLink; expires: string; onDone: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  // A new link is a new box (the panel keys it by its address): its heading takes the focus.
  useEffect(() => headingRef.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopied('no');
    }
  };

  return (
    <section className="bo-staff-link" aria-labelledby="bo-staff-link-title" data-testid="bo-staff-link">
      <h3 id="bo-staff-link-title" tabIndex={-1} ref={headingRef}>
        {t(link.kind === 'created' ? `${K}.link.titleCreated` : `${K}.link.titleReset`)}{' '}
        <Username name={link.username} />
      </h3>
      <p id="bo-staff-link-once" className="bo-staff-link-once">
        {t(`${K}.link.once`, { name: `${link.firstName} ${link.lastName}`, expires })}
      </p>
      <div className="bo-field">
        <label htmlFor="bo-staff-link-url">{t(`${K}.link.label`)}</label>
        <div className="bo-staff-link-row">
          <input
            id="bo-staff-link-url"
            ref={inputRef}
            readOnly
            dir="ltr"
            translate="no"
            spellCheck={false}
            autoComplete="off"
            aria-describedby="bo-staff-link-once"
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="button button--primary" onClick={() => void copy()}>
            {t(`${K}.link.copy`)}
          </button>
        </div>
      </div>
      <p role="status" className="bo-notice">
        {copied === 'yes' ? t(`${K}.link.copied`) : copied === 'no' ? t(`${K}.link.copyFailed`) : null}
      </p>
      <div className="bo-actions">
        <button type="button" className="button" onClick={onDone}>
          {t(`${K}.link.done`)}
        </button>
      </div>
    </section>
  );
}
