import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffGrantProblems,
  type AdminStaff,
  type AdminStaffInput,
  type AdminStaffWithSetupLink,
  type StaffMe,
} from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { formatJerusalemDateTime } from '../../lib/rules';
import { AdminMessages } from '../admin-ui/AdminMessages';
import { errorText } from '../admin-ui/error-text';
import { useAdminMessages } from '../admin-ui/use-admin-messages';
import { ResetConfirm, SetupLinkBox, StaffForm, type ShownLink } from './staff-forms';
import { K, PersonName, Username, byNumber, permissionName } from './staff-ui';
import { staffApi } from './staff-api';
import './i18n';
import '../admin-ui/admin-ui.css';
import './staff.css';

/** The one account whose inline form is open: "Edit" or "Reset". */
type Open = { id: number; kind: 'edit' | 'reset' };

const editButtonId = (id: number) => `bo-staff-${id}-edit`;
const activeButtonId = (id: number) => `bo-staff-${id}-active`;
const resetButtonId = (id: number) => `bo-staff-${id}-reset-button`;
const rowHeaderId = (id: number) => `bo-staff-${id}-name`;

/**
 * Staff and permissions (permission 292, docs/back-office.md "Staff"): the accounts of the signed-in person's
 * businesses with their permissions (by name), businesses and state; a form for a new account; and per account Edit
 * (names, permissions, businesses), Disable / Enable, and Reset (after a plain-words confirmation). Only the
 * permissions and businesses the signed-in person holds are offered, and an account holding more than they do is
 * out of their reach. A new or reset account's setup link is shown once, to be given to its owner privately. The
 * server checks everything again and answers its refusals in the reader's language.
 */
export function StaffPanel({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [staff, setStaff] = useState<AdminStaff[] | null | 'failed'>(null);
  const { notice, setNotice, refusal, setRefusal, refusalRef, clear } = useAdminMessages();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Open | null>(null);
  const [link, setLink] = useState<ShownLink | null>(null);
  /** An element to focus once the next render is on screen (an inline form closed, a state changed). */
  const focusAfterRender = useRef<string | null>(null);

  const load = () =>
    staffApi.list().then(
      (r) => setStaff(r.staff),
      () => setStaff((s) => (Array.isArray(s) ? s : 'failed')),
    );
  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    if (focusAfterRender.current === null) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  /**
   * Runs one change: clears the last notice and refusal, shows the outcome, reads the list again either way, and
   * answers whether it was taken. `focus`: the element that takes the focus once it was (when it is enabled again).
   */
  const run = async (action: () => Promise<string>, focus?: string): Promise<boolean> => {
    clear();
    setBusy(true);
    let taken = false;
    try {
      setNotice(await action());
      taken = true;
    } catch (e) {
      setRefusal(errorText(e, t(`${K}.actionFailed`)));
    } finally {
      // A stale revision (someone else changed it) is answered with the current state: the list shows it.
      await load();
      if (taken && focus) focusAfterRender.current = focus;
      setBusy(false);
    }
    return taken;
  };

  const show = (answer: AdminStaffWithSetupLink, kind: ShownLink['kind']) =>
    setLink({
      username: answer.staff.username,
      firstName: answer.staff.firstName,
      lastName: answer.staff.lastName,
      url: answer.setupUrl,
      expiresAt: answer.setupExpiresAt,
      kind,
    });

  const create = (input: AdminStaffInput) =>
    run(async () => {
      const answer = await staffApi.create(input);
      show(answer, 'created');
      return t(`${K}.notices.created`, { username: answer.staff.username });
    });

  const save = (account: AdminStaff, input: AdminStaffInput) =>
    run(async () => {
      // The username never changes: the edit sends the rest, against the revision the form was opened on (or the
      // current one, once a stale refusal has shown it).
      const done = await staffApi.update(account.id, {
        revision: account.revision,
        firstName: input.firstName,
        lastName: input.lastName,
        permissions: input.permissions,
        businessIds: input.businessIds,
      });
      setOpen(null);
      return t(`${K}.notices.saved`, { username: done.username });
    }, editButtonId(account.id));

  const setActive = (account: AdminStaff, active: boolean) =>
    run(async () => {
      const done = active
        ? await staffApi.enable(account.id, account.revision)
        : await staffApi.disable(account.id, account.revision);
      return t(active ? `${K}.notices.enabled` : `${K}.notices.disabled`, { username: done.username });
    }, activeButtonId(account.id));

  // The new link's heading takes the focus (SetupLinkBox).
  const reset = (account: AdminStaff) =>
    run(async () => {
      const answer = await staffApi.reset(account.id, account.revision);
      setOpen(null);
      show(answer, 'reset');
      return t(`${K}.notices.reset`, { username: answer.staff.username });
    });

  /** Closes an account's inline form, the focus back on the button that opened it. */
  const close = () => {
    if (open) focusAfterRender.current = open.kind === 'edit' ? editButtonId(open.id) : resetButtonId(open.id);
    setOpen(null);
  };

  const closeLink = () => {
    setLink(null);
    focusAfterRender.current = 'bo-staff-title';
  };

  /** An account holding a permission or business the signed-in person lacks is out of their reach. */
  const outOfReach = (a: AdminStaff) => staffGrantProblems(me, a).some((p) => p.kind !== 'no-business');

  return (
    <>
      <section className="bo-card">
        <div className="bo-card-head">
          <h2 id="bo-staff-title" tabIndex={-1}>
            {t(`${K}.title`)}
          </h2>
        </div>
        <p className="bo-hint">{t(`${K}.intro`)}</p>
        <AdminMessages testId="bo-staff" notice={notice} refusal={refusal} refusalRef={refusalRef} />
        {link && (
          <SetupLinkBox
            key={link.url}
            link={link}
            expires={formatJerusalemDateTime(link.expiresAt, locale)}
            onDone={closeLink}
          />
        )}
        {staff === null && <p role="status">{t(`${K}.loading`)}</p>}
        {staff === 'failed' && <p role="alert">{t(`${K}.failed`)}</p>}
        {Array.isArray(staff) &&
          (staff.length === 0 ? (
            <p>{t(`${K}.empty`)}</p>
          ) : (
            <div className="bo-table-wrap bo-staff-wrap" role="region" aria-labelledby="bo-staff-title" tabIndex={0}>
              <table className="bo-table bo-staff-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.columns.username`)}</th>
                    <th scope="col">{t(`${K}.columns.name`)}</th>
                    <th scope="col">{t(`${K}.columns.permissions`)}</th>
                    <th scope="col">{t(`${K}.columns.businesses`)}</th>
                    <th scope="col">{t(`${K}.columns.state`)}</th>
                    <th scope="col">{t(`${K}.columns.actions`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {staff.map((a) => {
                    const self = a.id === me.userId;
                    const reachable = !outOfReach(a);
                    const openKind = open?.id === a.id ? open.kind : null;
                    const who = (
                      <span className="visually-hidden">
                        {': '}
                        <Username name={a.username} />
                      </span>
                    );
                    return (
                      <Fragment key={a.id}>
                        <tr data-testid={`bo-staff-user-${a.username}`} data-staff-id={a.id}>
                          <th scope="row" id={rowHeaderId(a.id)} tabIndex={-1}>
                            <Username name={a.username} />
                            {self && <span className="bo-hint"> {t(`${K}.you`)}</span>}
                          </th>
                          <td>
                            <PersonName first={a.firstName} last={a.lastName} />
                          </td>
                          <td>
                            {a.permissions.length === 0 ? (
                              <span className="bo-hint">{t(`${K}.noPermissions`)}</span>
                            ) : (
                              <ul className="bo-staff-list">
                                {byNumber(a.permissions).map((p) => (
                                  <li key={p}>{permissionName(t, p)}</li>
                                ))}
                              </ul>
                            )}
                          </td>
                          <td>
                            <ul className="bo-staff-list">
                              {byNumber(a.businessIds).map((b) => (
                                <li key={b}>{t(`${K}.businessOption`, { id: b })}</li>
                              ))}
                            </ul>
                          </td>
                          <td>
                            <ul className="bo-staff-list">
                              <li>
                                <span className={`bo-staff-state bo-staff-state--${a.active ? 'active' : 'disabled'}`}>
                                  {t(a.active ? `${K}.state.active` : `${K}.state.disabled`)}
                                </span>
                              </li>
                              {!a.setUp && (
                                <li>
                                  <span className="bo-staff-state bo-staff-state--waiting">
                                    {t(`${K}.state.waiting`)}
                                  </span>
                                </li>
                              )}
                            </ul>
                          </td>
                          <td>
                            {!reachable ? (
                              <span className="bo-hint">{t(`${K}.outOfReach`)}</span>
                            ) : (
                              <div className="bo-actions">
                                <button
                                  type="button"
                                  className="button"
                                  id={editButtonId(a.id)}
                                  aria-expanded={openKind === 'edit'}
                                  aria-controls={openKind === 'edit' ? `bo-staff-${a.id}-form` : undefined}
                                  disabled={busy}
                                  onClick={() => setOpen({ id: a.id, kind: 'edit' })}
                                >
                                  {t(`${K}.edit`)}
                                  {who}
                                </button>
                                {self ? (
                                  <span className="bo-hint">{t(`${K}.selfHint`)}</span>
                                ) : (
                                  <>
                                    <button
                                      type="button"
                                      className="button"
                                      id={activeButtonId(a.id)}
                                      disabled={busy}
                                      onClick={() => void setActive(a, !a.active)}
                                    >
                                      {t(a.active ? `${K}.disable` : `${K}.enable`)}
                                      {who}
                                    </button>
                                    <button
                                      type="button"
                                      className="button"
                                      id={resetButtonId(a.id)}
                                      aria-expanded={openKind === 'reset'}
                                      aria-controls={openKind === 'reset' ? `bo-staff-${a.id}-reset` : undefined}
                                      disabled={busy}
                                      onClick={() => setOpen({ id: a.id, kind: 'reset' })}
                                    >
                                      {t(`${K}.reset`)}
                                      {who}
                                    </button>
                                  </>
                                )}
                              </div>
                            )}
                          </td>
                        </tr>
                        {openKind && reachable && (
                          // The form under its account, across the table; it stays in view when the table scrolls.
                          <tr className="bo-staff-editor-row">
                            <td colSpan={6}>
                              {openKind === 'edit' ? (
                                <StaffForm
                                  key={a.id}
                                  idPrefix={`bo-staff-${a.id}-form`}
                                  account={a}
                                  held={me.permissions}
                                  businesses={me.businessIds}
                                  grantsLocked={self}
                                  busy={busy}
                                  submitLabel={t(`${K}.save`)}
                                  onSubmit={(input) => save(a, input)}
                                  onClose={close}
                                >
                                  <p id={`bo-staff-${a.id}-form-title`} className="bo-staff-editor-title">
                                    {t(`${K}.editTitle`)} <Username name={a.username} />
                                  </p>
                                </StaffForm>
                              ) : (
                                <ResetConfirm
                                  key={a.id}
                                  account={a}
                                  busy={busy}
                                  onConfirm={() => reset(a)}
                                  onClose={close}
                                />
                              )}
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ))}
      </section>

      <section className="bo-card" aria-labelledby="bo-staff-new-title">
        <h3 id="bo-staff-new-title">{t(`${K}.newStaff`)}</h3>
        <p className="bo-hint">{t(`${K}.newStaffHint`)}</p>
        <StaffForm
          idPrefix="bo-staff-new"
          held={me.permissions}
          businesses={me.businessIds}
          busy={busy}
          submitLabel={t(`${K}.create`)}
          onSubmit={create}
        />
      </section>
    </>
  );
}
