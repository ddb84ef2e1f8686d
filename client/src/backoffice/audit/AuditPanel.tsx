import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { jerusalemDayRangeUtc, type AdminAuditEntry } from '@hotline/shared';
import { useLocale } from '../../hooks/useLocale';
import { formatJerusalemDateTime } from '../../lib/rules';
import { AdminMessages } from '../admin-ui/AdminMessages';
import { errorText } from '../admin-ui/error-text';
import { Field } from '../admin-ui/Field';
import { useAdminMessages } from '../admin-ui/use-admin-messages';
import { auditApi, type AuditQuery } from './audit-api';
import './i18n';
import '../admin-ui/admin-ui.css';
import './audit.css';

const K = 'backOffice.audit';
const ERROR_CLASS = 'bo-audit-error';

/** What the filter form holds: texts as typed, days as 'YYYY-MM-DD' (Jerusalem calendar days). */
interface Filters {
  action: string;
  subject: string;
  fromDay: string;
  toDay: string;
}
const NO_FILTERS: Filters = { action: '', subject: '', fromDay: '', toDay: '' };

/** The log as shown: the entries read so far (newest first) and the id to read older ones from (null: no more). */
type Log = { entries: AdminAuditEntry[]; nextBefore: number | null };

const rowHeaderId = (id: number) => `bo-audit-${id}-at`;

/** The query for the filters: empty fields left out, the days as the Jerusalem instants bounding them. */
function queryFor(f: Filters): AuditQuery {
  const action = f.action.trim();
  const subject = f.subject.trim();
  return {
    ...(action ? { action } : {}),
    ...(subject ? { subject } : {}),
    ...(f.fromDay ? { from: jerusalemDayRangeUtc(f.fromDay).startUtc } : {}),
    ...(f.toDay ? { to: jerusalemDayRangeUtc(f.toDay).endUtc } : {}),
  };
}

/**
 * The audit log (permission 292, docs/back-office.md "Audit log"): who did what, when, to what, newest first, with
 * the state before and after under each entry's "Details". Filters by action, subject and Jerusalem calendar days;
 * "Show older" reads the next page and moves the focus to its first entry. The server answers a bad filter in the
 * reader's language; that refusal takes the focus.
 */
export function AuditPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  /** The query the shown entries answer ("Show older" keeps it, whatever the form holds since). */
  const [applied, setApplied] = useState<AuditQuery>({});
  const [log, setLog] = useState<Log | null>(null);
  const [busy, setBusy] = useState(true);
  const [rangeError, setRangeError] = useState<string | undefined>();
  const { notice, setNotice, refusal, setRefusal, refusalRef, clear } = useAdminMessages();
  /** An element to focus once the next render is on screen (the first of the older entries). */
  const focusAfterRender = useRef<string | null>(null);

  useEffect(() => {
    if (focusAfterRender.current === null) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  /** Reads the first page for a query; the shown entries stay as they were when it is refused. */
  const search = async (query: AuditQuery) => {
    clear();
    setBusy(true);
    try {
      const page = await auditApi.page(query);
      setApplied(query);
      setLog({ entries: page.entries, nextBefore: page.nextBefore });
      setNotice(
        page.entries.length === 0 ? t(`${K}.notices.none`) : t(`${K}.notices.found`, { shown: page.entries.length }),
      );
    } catch (e) {
      setRefusal(errorText(e, t(`${K}.failed`)));
    } finally {
      setBusy(false);
    }
  };

  // The first page, unfiltered, on opening the screen.
  useEffect(() => {
    let current = true;
    auditApi
      .page({})
      .then(
        (page) => {
          if (current) setLog({ entries: page.entries, nextBefore: page.nextBefore });
        },
        (e: unknown) => {
          if (current) setRefusal(errorText(e, t(`${K}.failed`)));
        },
      )
      .finally(() => {
        if (current) setBusy(false);
      });
    return () => {
      current = false;
    };
  }, [t, setRefusal]);

  const older = async () => {
    if (!log || log.nextBefore === null) return;
    clear();
    setBusy(true);
    try {
      const page = await auditApi.page(applied, log.nextBefore);
      setLog({ entries: [...log.entries, ...page.entries], nextBefore: page.nextBefore });
      const first = page.entries[0];
      if (first) focusAfterRender.current = rowHeaderId(first.id);
      setNotice(
        page.entries.length === 0 ? t(`${K}.notices.noMore`) : t(`${K}.notices.older`, { shown: page.entries.length }),
      );
    } catch (e) {
      setRefusal(errorText(e, t(`${K}.failed`)));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (filters.fromDay && filters.toDay && filters.toDay < filters.fromDay) {
      clear();
      setRangeError(t(`${K}.rangeReversed`));
      document.getElementById('bo-audit-to')?.focus();
      return;
    }
    setRangeError(undefined);
    let query: AuditQuery;
    try {
      query = queryFor(filters);
    } catch {
      // A day the date field let through but the calendar does not know (e.g. a six-digit year).
      clear();
      setRefusal(t(`${K}.dayInvalid`));
      return;
    }
    void search(query);
  };

  const reset = () => {
    setFilters(NO_FILTERS);
    setRangeError(undefined);
    void search({});
  };

  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <section className="bo-card" aria-labelledby="bo-audit-title">
      <div className="bo-card-head">
        <h2 id="bo-audit-title">{t(`${K}.title`)}</h2>
      </div>
      <p className="bo-hint">{t(`${K}.intro`)}</p>

      <form className="bo-audit-filters" aria-labelledby="bo-audit-filters-title" onSubmit={submit} noValidate>
        <h3 id="bo-audit-filters-title">{t(`${K}.filters`)}</h3>
        <div className="bo-audit-fields">
          <Field
            id="bo-audit-action"
            label={t(`${K}.action`)}
            hint={
              <Trans
                i18nKey={`${K}.actionHint`}
                components={[<code key="0" translate="no" dir="ltr" />, <code key="1" translate="no" dir="ltr" />]}
              />
            }
            errorClass={ERROR_CLASS}
          >
            {(aria) => (
              <input
                id="bo-audit-action"
                type="text"
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={filters.action}
                onChange={(e) => set('action')(e.target.value)}
                {...aria}
              />
            )}
          </Field>
          <Field
            id="bo-audit-subject"
            label={t(`${K}.subject`)}
            hint={
              <Trans
                i18nKey={`${K}.subjectHint`}
                components={[<code key="0" translate="no" dir="ltr" />, <code key="1" translate="no" dir="ltr" />]}
              />
            }
            errorClass={ERROR_CLASS}
          >
            {(aria) => (
              <input
                id="bo-audit-subject"
                type="text"
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={filters.subject}
                onChange={(e) => set('subject')(e.target.value)}
                {...aria}
              />
            )}
          </Field>
          <Field id="bo-audit-from" label={t(`${K}.from`)} hint={t(`${K}.dayHint`)} errorClass={ERROR_CLASS}>
            {(aria) => (
              <input
                id="bo-audit-from"
                type="date"
                value={filters.fromDay}
                onChange={(e) => set('fromDay')(e.target.value)}
                {...aria}
              />
            )}
          </Field>
          <Field
            id="bo-audit-to"
            label={t(`${K}.to`)}
            hint={t(`${K}.dayHint`)}
            error={rangeError}
            errorClass={ERROR_CLASS}
          >
            {(aria) => (
              <input
                id="bo-audit-to"
                type="date"
                value={filters.toDay}
                onChange={(e) => set('toDay')(e.target.value)}
                {...aria}
              />
            )}
          </Field>
        </div>
        <div className="bo-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(`${K}.apply`)}
          </button>
          <button type="button" className="button" disabled={busy} onClick={reset}>
            {t(`${K}.clear`)}
          </button>
        </div>
      </form>

      <AdminMessages testId="bo-audit" notice={notice} refusal={refusal} refusalRef={refusalRef} />

      {log === null && busy && <p role="status">{t(`${K}.loading`)}</p>}
      {log !== null &&
        (log.entries.length === 0 ? (
          <p data-testid="bo-audit-empty">{t(`${K}.empty`)}</p>
        ) : (
          <>
            <p id="bo-audit-table-label" className="bo-audit-table-label">
              {t(`${K}.tableLabel`)}
            </p>
            <div
              className="bo-table-wrap bo-audit-wrap"
              role="region"
              aria-labelledby="bo-audit-table-label"
              tabIndex={0}
            >
              <table className="bo-table bo-audit-table" aria-labelledby="bo-audit-table-label">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.columns.at`)}</th>
                    <th scope="col">{t(`${K}.columns.staff`)}</th>
                    <th scope="col">{t(`${K}.columns.action`)}</th>
                    <th scope="col">{t(`${K}.columns.subject`)}</th>
                    <th scope="col">{t(`${K}.columns.detail`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {log.entries.map((e) => {
                    const when = formatJerusalemDateTime(e.at, locale);
                    return (
                      <tr key={e.id} data-testid="bo-audit-row" data-audit-id={e.id}>
                        <th scope="row" id={rowHeaderId(e.id)} tabIndex={-1}>
                          <time dateTime={e.at}>{when}</time>
                        </th>
                        <td>
                          {e.staff ? (
                            <bdi translate="no">{e.staff.username}</bdi>
                          ) : (
                            <span className="bo-hint">{t(`${K}.system`)}</span>
                          )}
                        </td>
                        <td data-testid="bo-audit-action">
                          <bdi translate="no" className="bo-audit-code">
                            {e.action}
                          </bdi>
                        </td>
                        <td>
                          {e.subject ? (
                            <bdi translate="no" className="bo-audit-code">
                              {e.subject}
                            </bdi>
                          ) : (
                            <span className="bo-hint">{t(`${K}.noSubject`)}</span>
                          )}
                        </td>
                        <td>
                          <details className="bo-audit-details">
                            <summary>
                              {t(`${K}.details`)}
                              <span className="visually-hidden">
                                {': '}
                                <bdi translate="no">{e.action}</bdi>
                                {', '}
                                {when}
                              </span>
                            </summary>
                            <pre dir="ltr" translate="no" data-testid="bo-audit-detail">
                              {JSON.stringify(e.detail, null, 2)}
                            </pre>
                          </details>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        ))}
      {log !== null && log.nextBefore !== null && (
        <div className="bo-actions bo-audit-more">
          <button type="button" className="button" disabled={busy} onClick={() => void older()}>
            {t(`${K}.older`)}
          </button>
        </div>
      )}
      {log !== null && log.nextBefore === null && log.entries.length > 0 && <p className="bo-hint">{t(`${K}.end`)}</p>}
    </section>
  );
}
