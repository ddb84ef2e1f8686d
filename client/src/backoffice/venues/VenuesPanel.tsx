import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminSeatPlanSummary, AdminVenue, ApiSeatplan, SeatPlanProblem, VenueKind } from '@hotline/shared';
import type { VenueDocument } from '@hotline/seatmaps/designer';
import { ApiError } from '../../api/client';
import { useLocale } from '../../hooks/useLocale';
import { pickText } from '../../lib/localized';
import { AdminMessages } from '../admin-ui/AdminMessages';
import { errorText } from '../admin-ui/error-text';
import { useAdminMessages } from '../admin-ui/use-admin-messages';
import './i18n';
import '../admin-ui/admin-ui.css';
import './venues.css';
import { venuesApi } from './venues-api';

const K = 'backOffice.venues';
const KINDS: VenueKind[] = ['hall', 'cinema', 'arena', 'stadium'];
/** Problems listed under a refused upload; the answer has at most 50, a person fixes the first ones first. */
const PROBLEMS_SHOWN = 12;

interface VenueForm {
  businessId: string;
  code: string;
  he: string;
  en: string;
  ru: string;
  ar: string;
  address: string;
  kind: VenueKind;
}

type Required = 'code' | 'he' | 'en';
const REQUIRED: Required[] = ['code', 'he', 'en'];

const emptyForm = (businessId: number | undefined): VenueForm => ({
  businessId: String(businessId ?? ''),
  code: '',
  he: '',
  en: '',
  ru: '',
  ar: '',
  address: '',
  kind: 'hall',
});

/** The storefront's renderer, loaded when a plan is first previewed (it is most of the seat map's code). */
const PlanPreview = lazy(() => import('../../seatmap/PlanPreview').then((m) => ({ default: m.PlanPreview })));

/** A chosen file that passed the format's check, drawn for the staff member to confirm before it is uploaded. */
interface Pending {
  venue: AdminVenue;
  fileName: string;
  text: string;
  document: VenueDocument;
  /** The storefront's plan of it, as the server will serve it. */
  plan: ApiSeatplan;
}

/** A refusal: the server's sentence, and the problems it found in an uploaded seat plan. */
interface Refusal {
  message: string;
  problems: SeatPlanProblem[];
}

/**
 * Venues and their seat plans (permission 291, docs/catalogue-admin.md): the staff member's venues with every
 * seat-plan version, a form for a new venue, an upload per venue (the server validates the file and answers each
 * problem at its place in the file) and publishing a draft. The server checks everything again.
 */
export function VenuesPanel({ businessIds }: { businessIds: readonly number[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [venues, setVenues] = useState<AdminVenue[] | null | 'failed'>(null);
  const [form, setForm] = useState<VenueForm>(() => emptyForm(businessIds[0]));
  const [missing, setMissing] = useState<Required[]>([]);
  const { notice, setNotice, refusal, setRefusal, refusalRef, clear } = useAdminMessages<Refusal>();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (pending) previewHeading.current?.focus();
  }, [pending]);

  const load = () =>
    venuesApi.list().then(
      (r) => setVenues(r.venues),
      () => setVenues('failed'),
    );
  useEffect(() => {
    void load();
  }, []);

  const venueName = (v: AdminVenue) => pickText(locale, v.name.he, v.name.en, v.name.ru, v.name.ar);
  const planLabel = (v: AdminVenue, p: AdminSeatPlanSummary) =>
    `${venueName(v)}: ${t(`${K}.planLine`, { code: p.code, version: p.version })}`;
  const number = (n: number) => n.toLocaleString(locale);
  /** A venue's name as it typed it: in this language when given, else its English name (not ours to translate). */
  const nameOf = (v: AdminVenue) => <span translate={v.name[locale].trim() ? undefined : 'no'}>{venueName(v)}</span>;

  const start = () => {
    clear();
    setBusy(true);
  };

  const fail = (e: unknown) => {
    const listed = e instanceof ApiError ? e.body?.problems : undefined;
    setRefusal({
      message: errorText(e, t(`${K}.actionFailed`)),
      problems: Array.isArray(listed) ? (listed as SeatPlanProblem[]) : [],
    });
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const empty = REQUIRED.filter((f) => !form[f].trim());
    setMissing(empty);
    if (empty.length) {
      document.getElementById(`bo-venue-${empty[0]}`)?.focus();
      return;
    }
    start();
    try {
      const created = await venuesApi.create({
        businessId: Number(form.businessId),
        code: form.code.trim(),
        name: { he: form.he, en: form.en, ru: form.ru, ar: form.ar },
        address: form.address,
        kind: form.kind,
      });
      await load();
      setForm(emptyForm(businessIds[0]));
      setNotice(t(`${K}.created`, { name: venueName(created) }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  /**
   * A chosen file is checked here first, with the same validator the server runs (`validateVenue`): its problems are
   * listed at their JSON paths, or it is drawn with the storefront's renderer for the staff member to confirm. The
   * server checks it all again when it is uploaded.
   */
  const choose = async (venue: AdminVenue, event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    clear();
    setPending(null);
    try {
      const text = await file.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        setRefusal({ message: t(`${K}.notJson`), problems: [] });
        return;
      }
      // The validator and the model's conversion, loaded when a file is first chosen (the schema's code is 90 kB).
      const { SeatmapValidationError, validateVenue, venueDocumentToApiSeatplan, describeVenueIssue } =
        await import('@hotline/seatmaps/designer');
      try {
        // validateVenue fills the format's defaults in place: the file's own text is what is uploaded.
        const document = validateVenue(parsed, file.name);
        setPending({ venue, fileName: file.name, text, document, plan: venueDocumentToApiSeatplan(document) });
      } catch (e) {
        if (!(e instanceof SeatmapValidationError)) throw e;
        setRefusal({
          message: t(`${K}.checkedProblems`, { count: e.issues.length, file: file.name }),
          // Said in the screen's language, as the server would say them.
          problems: e.issues.map((i) => ({ path: i.path, code: i.code, message: describeVenueIssue(i, locale) })),
        });
      }
    } finally {
      input.value = '';
    }
  };

  const confirmUpload = async () => {
    if (!pending) return;
    const { venue, text } = pending;
    start();
    setNotice(t(`${K}.uploading`));
    try {
      const plan = await venuesApi.upload(venue.id, text);
      setPending(null);
      await load();
      setNotice(t(`${K}.uploaded`, { plan: planLabel(venue, plan), seats: number(plan.seatCount) }));
    } catch (e) {
      setNotice(null);
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const seatsOf = (doc: VenueDocument) =>
    doc.sections.reduce(
      (n, s) => n + s.groups.reduce((m, g) => m + g.rows.reduce((k, r) => k + r.seats.length, 0), 0),
      0,
    );

  const publish = async (venue: AdminVenue, plan: AdminSeatPlanSummary) => {
    start();
    try {
      await venuesApi.publish(plan.id, plan.revision);
      setNotice(t(`${K}.published`, { plan: planLabel(venue, plan) }));
    } catch (e) {
      fail(e);
    } finally {
      // A stale revision (someone else changed it) is answered with the current state: the list shows it.
      await load();
      setBusy(false);
    }
  };

  const field = (name: keyof VenueForm, label: string, options: { hint?: string; dir?: 'ltr' | 'rtl' } = {}) => {
    const isMissing = (missing as string[]).includes(name);
    const describedBy = [options.hint && `bo-venue-${name}-hint`, isMissing && `bo-venue-${name}-error`].filter(
      Boolean,
    );
    return (
      <div className="bo-field">
        <label htmlFor={`bo-venue-${name}`}>{label}</label>
        <input
          id={`bo-venue-${name}`}
          name={name}
          dir={options.dir}
          required={(REQUIRED as string[]).includes(name)}
          aria-invalid={isMissing ? true : undefined}
          aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
          value={form[name]}
          onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        />
        {options.hint && (
          <span id={`bo-venue-${name}-hint`} className="bo-hint">
            {options.hint}
          </span>
        )}
        {isMissing && (
          <span id={`bo-venue-${name}-error`} className="bo-venue-error">
            {t(`${K}.required`)}
          </span>
        )}
      </div>
    );
  };

  return (
    <>
      <section className="bo-card">
        <div className="bo-card-head">
          <h2 id="bo-venues-title">{t(`${K}.title`)}</h2>
        </div>
        <p className="bo-hint">{t(`${K}.intro`)}</p>
        <p>
          <Link className="button" to={`/backoffice/seat-plans/new?lang=${locale}`} data-testid="bo-draw-new-plan">
            {t(`${K}.drawNewPlan`)}
          </Link>
        </p>
        <AdminMessages testId="bo-venue" notice={notice} refusal={refusal?.message} refusalRef={refusalRef}>
          {refusal && refusal.problems.length > 0 && (
            <>
              <p>{t(`${K}.problems`)}</p>
              <ul className="bo-venue-problems">
                {refusal.problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
                  <li key={i}>
                    <code dir="ltr">{p.path}</code> <span>{p.message}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </AdminMessages>
        {venues === null && <p role="status">{t(`${K}.loading`)}</p>}
        {venues === 'failed' && <p role="alert">{t(`${K}.failed`)}</p>}
        {Array.isArray(venues) &&
          (venues.length === 0 ? (
            <p>{t(`${K}.empty`)}</p>
          ) : (
            <div className="bo-table-wrap" role="region" aria-labelledby="bo-venues-title" tabIndex={0}>
              <table className="bo-table bo-venues-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`${K}.columns.venue`)}</th>
                    <th scope="col">{t(`${K}.columns.kind`)}</th>
                    <th scope="col">{t(`${K}.columns.plans`)}</th>
                    <th scope="col">{t(`${K}.columns.upload`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {venues.map((v) => (
                    <tr key={v.id} data-testid={`bo-venue-${v.code}`}>
                      <th scope="row">
                        {nameOf(v)}
                        <span className="bo-hint">
                          {' · '}
                          <bdi dir="ltr" translate="no">
                            {v.code}
                          </bdi>
                          {v.address && (
                            <>
                              {' · '}
                              <span translate="no">{v.address}</span>
                            </>
                          )}
                        </span>
                      </th>
                      <td>{t(`${K}.kinds.${v.kind}`)}</td>
                      <td>
                        {v.seatPlans.length === 0 ? (
                          <span className="bo-hint">{t(`${K}.noPlans`)}</span>
                        ) : (
                          <ul className="bo-venue-plans">
                            {v.seatPlans.map((p) => (
                              <li key={p.id} data-testid={`bo-plan-${p.code}-${p.version}`}>
                                <span className="bo-venue-plan-name">
                                  <bdi dir="ltr" translate="no">
                                    {p.code}
                                  </bdi>{' '}
                                  · {t(`${K}.version`, { version: p.version })}
                                </span>{' '}
                                <span className={`bo-venue-status bo-venue-status--${p.status}`}>
                                  {t(`${K}.status.${p.status}`)}
                                </span>
                                <span className="bo-hint">
                                  {' '}
                                  {t(`${K}.planStats`, {
                                    seats: number(p.seatCount),
                                    sections: number(p.sectionCount),
                                    zones: number(p.zoneCount),
                                    presentations: number(p.presentationCount),
                                  })}
                                </span>
                                <Link
                                  className="button"
                                  to={`/backoffice/seat-plans/${p.id}?lang=${locale}`}
                                  data-testid={`bo-open-designer-${p.code}-${p.version}`}
                                >
                                  {t(`${K}.${p.status === 'draft' ? 'openInDesigner' : 'viewInDesigner'}`)}
                                  <span className="visually-hidden">
                                    {': '}
                                    {nameOf(v)}
                                    {', '}
                                    <bdi translate="no">{p.code}</bdi> {t(`${K}.version`, { version: p.version })}
                                  </span>
                                </Link>{' '}
                                {p.status === 'draft' && (
                                  <button
                                    type="button"
                                    className="button"
                                    disabled={busy}
                                    onClick={() => void publish(v, p)}
                                  >
                                    {t(`${K}.publish`)}
                                    <span className="visually-hidden">
                                      {': '}
                                      {nameOf(v)}
                                      {', '}
                                      <bdi translate="no">{p.code}</bdi> {t(`${K}.version`, { version: p.version })}
                                    </span>
                                  </button>
                                )}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td>
                        <label className="button bo-venue-upload">
                          {t(`${K}.upload`)}
                          <span className="visually-hidden">: {nameOf(v)}</span>
                          <input
                            type="file"
                            accept="application/json,.json"
                            className="visually-hidden"
                            disabled={busy}
                            aria-describedby="bo-venue-upload-hint"
                            onChange={(e) => void choose(v, e)}
                          />
                        </label>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p id="bo-venue-upload-hint" className="bo-hint">
                {t(`${K}.uploadHint`)}
              </p>
            </div>
          ))}
      </section>

      {pending && (
        <section className="bo-card" aria-labelledby="bo-venue-preview-title" data-testid="bo-venue-preview">
          <h3 id="bo-venue-preview-title" tabIndex={-1} ref={previewHeading}>
            {t(`${K}.previewTitle`)} {nameOf(pending.venue)}
          </h3>
          <p>
            {t(`${K}.previewIntro`, {
              file: pending.fileName,
              code: pending.document.seatplan.code,
              seats: number(seatsOf(pending.document)),
              sections: number(pending.document.sections.length),
            })}
          </p>
          <Suspense fallback={<p role="status">{t(`${K}.previewLoading`)}</p>}>
            <PlanPreview
              plan={pending.plan}
              locale={locale}
              label={t(`${K}.previewLabel`, { code: pending.document.seatplan.code })}
              className="bo-venue-preview-canvas"
              testId="bo-venue-preview-canvas"
            />
          </Suspense>
          <div className="bo-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void confirmUpload()}
            >
              {t(`${K}.confirmUpload`)}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setPending(null)}>
              {t(`${K}.cancelUpload`)}
            </button>
          </div>
        </section>
      )}

      <section className="bo-card" aria-labelledby="bo-venue-new-title">
        <h3 id="bo-venue-new-title">{t(`${K}.newVenue`)}</h3>
        <form noValidate onSubmit={(e) => void create(e)}>
          <div className="bo-venue-fields">
            <div className="bo-field">
              <label htmlFor="bo-venue-businessId">{t(`${K}.business`)}</label>
              <select
                id="bo-venue-businessId"
                value={form.businessId}
                onChange={(e) => setForm((f) => ({ ...f, businessId: e.target.value }))}
              >
                {businessIds.map((id) => (
                  <option key={id} value={id}>
                    {t(`${K}.businessOption`, { id })}
                  </option>
                ))}
              </select>
            </div>
            {field('code', t(`${K}.code`), { hint: t(`${K}.codeHint`), dir: 'ltr' })}
            {field('he', t(`${K}.nameHe`), { dir: 'rtl' })}
            {field('en', t(`${K}.nameEn`), { dir: 'ltr' })}
            {field('ru', t(`${K}.nameRu`), { dir: 'ltr' })}
            {field('ar', t(`${K}.nameAr`), { dir: 'rtl' })}
            {field('address', t(`${K}.address`))}
            <div className="bo-field">
              <label htmlFor="bo-venue-kind">{t(`${K}.kind`)}</label>
              <select
                id="bo-venue-kind"
                value={form.kind}
                onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value as VenueKind }))}
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`${K}.kinds.${k}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="bo-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t(`${K}.create`)}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
