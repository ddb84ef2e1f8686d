import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AdminSeatPlanSummary, AdminVenue, StaffMe } from '@hotline/shared';
import { fromVenueDocument as planFromVenueDocument, type VenueDocument } from '@hotline/seatmaps/designer';
import { useLocale } from '../../hooks/useLocale';
import { pickText } from '../../lib/localized';
import { errorText } from '../admin-ui/error-text';
import { backOfficeApi } from '../backoffice-api';
import { venuesApi } from '../venues/venues-api';
import '../i18n';
import './i18n';
import '../admin-ui/admin-ui.css';
import '../backoffice.css';
import './designer.css';
import { designerApi } from './designer-api';
import { DesignerScreen, type DesignerTarget } from './DesignerScreen';
import { Editor } from './editor/editor';
import { fromVenueDocument } from './editor/venue-document';
import { publishedBefore } from './editor/version-changes';
import { K } from './fields';
import { parseImport } from './persistence';
import { templateDoc, TEMPLATES, type TemplateId } from './templates';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'forbidden' }
  | { kind: 'failed'; message: string }
  | { kind: 'new'; staff: StaffMe; venues: AdminVenue[] }
  | { kind: 'open'; editor: Editor; target: DesignerTarget; doc?: VenueDocument; session: number };

/** A published version of the plan, to compare the draft with. */
function compareWith(editor: Editor, version: number, doc: VenueDocument): void {
  editor.setComparison({ version, plan: planFromVenueDocument(doc) });
}

/**
 * The published version a draft replaces, loaded beside it. Without it the screen still works: nothing is compared
 * (the server does not need the comparison to publish).
 */
async function loadComparison(editor: Editor, plan: AdminSeatPlanSummary): Promise<void> {
  const venue = await designerApi.venue(plan.venueId);
  const before = publishedBefore(venue.seatPlans, plan.code, plan);
  if (!before) return;
  compareWith(editor, before.version, await designerApi.document(before.id));
}

/**
 * /backoffice/seat-plans/new (choose a venue, start empty, from a template or from a file) and
 * /backoffice/seat-plans/:id (a draft to edit, a published version to look at). Permission 291, checked again by the
 * server on every call.
 */
export default function SeatPlanDesignerPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { planId } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  /** The plan the open editor shows: a new draft's first save changes the address without reloading it. */
  const openId = useRef<string | null>(null);

  useEffect(() => {
    if (planId && openId.current === planId) return;
    let current = true;
    (async () => {
      let staff: StaffMe;
      try {
        staff = (await backOfficeApi.me()).staff;
      } catch {
        if (current) setState({ kind: 'signed-out' });
        return;
      }
      if (!staff.menu.some((i) => i.id === 'venues')) {
        if (current) setState({ kind: 'forbidden' });
        return;
      }
      try {
        if (planId === 'new' || !planId) {
          const { venues } = await venuesApi.list();
          if (current) setState({ kind: 'new', staff, venues });
          return;
        }
        const id = Number(planId);
        const [plan, doc] = await Promise.all([designerApi.plan(id), designerApi.document(id)]);
        if (!current) return;
        const editor = new Editor(fromVenueDocument(doc));
        openId.current = planId;
        setState({ kind: 'open', editor, target: { venueId: plan.venueId, plan }, doc, session: 0 });
        if (plan.status === 'draft') loadComparison(editor, plan).catch(() => undefined);
      } catch (e) {
        if (current) setState({ kind: 'failed', message: errorText(e, t(`${K}.loadFailed`)) });
      }
    })();
    return () => {
      current = false;
    };
  }, [planId, t]);

  const savedNew = (plan: AdminSeatPlanSummary) => {
    openId.current = String(plan.id);
    // A new plan saved under a code that has a published version is that plan's next version: compare them.
    if (state.kind === 'open' && !state.editor.comparison) loadComparison(state.editor, plan).catch(() => undefined);
    navigate(`/backoffice/seat-plans/${plan.id}?lang=${locale}`, { replace: true });
  };

  // A published version's next draft: its document in a new editor, compared with it, saved as the next version of
  // its plan code on the first save.
  const newVersion = (s: Extract<Loaded, { kind: 'open' }>) => () => {
    const plan = s.target.plan!;
    const editor = new Editor(fromVenueDocument(s.doc!));
    compareWith(editor, plan.version, s.doc!);
    setState({ kind: 'open', editor, target: { venueId: plan.venueId, plan: null }, session: s.session + 1 });
  };

  if (state.kind === 'open')
    return (
      <DesignerScreen
        key={state.session}
        editor={state.editor}
        target={state.target}
        onSavedNew={savedNew}
        onNewVersion={state.doc && state.target.plan?.status === 'published' ? newVersion(state) : undefined}
      />
    );
  return (
    <div className="backoffice designer-start">
      <h1>{t(`${K}.title`)}</h1>
      {state.kind === 'loading' && <p role="status">{t(`${K}.loading`)}</p>}
      {state.kind === 'signed-out' && (
        <p>
          <Link to={`/backoffice?lang=${locale}`}>{t(`${K}.signIn`)}</Link>
        </p>
      )}
      {state.kind === 'forbidden' && <p role="alert">{t(`${K}.forbidden`)}</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      {state.kind === 'new' && (
        <NewPlanForm
          venues={state.venues}
          onStart={(editor, venueId) => setState({ kind: 'open', editor, target: { venueId, plan: null }, session: 0 })}
        />
      )}
    </div>
  );
}

function NewPlanForm({ venues, onStart }: { venues: AdminVenue[]; onStart: (e: Editor, venueId: number) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const ids = { venue: useId(), code: useId(), file: useId(), start: useId() };
  const [venueId, setVenueId] = useState(venues[0]?.id ?? 0);
  const [start, setStart] = useState<TemplateId | 'file'>('empty');
  const [code, setCode] = useState('main');
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  if (!venues.length)
    return (
      <p>
        {t(`${K}.noVenues`)} <Link to={`/backoffice/venues?lang=${locale}`}>{t(`${K}.backToVenues`)}</Link>
      </p>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const venue = venues.find((v) => v.id === venueId)!;
    const meta = { code: venue.code, name: { ...venue.name }, businessId: venue.businessId };
    if (start === 'file') {
      const v = file ? parseImport(await file.text()) : null;
      if (!v) {
        setError(t(`${K}.importFailed`));
        return;
      }
      const doc = fromVenueDocument(v);
      doc.meta = { ...doc.meta, venue: meta };
      onStart(new Editor(doc), venue.id);
      return;
    }
    const doc = templateDoc(start, meta);
    doc.meta = { ...doc.meta, code: code.trim() || 'main' };
    onStart(new Editor(doc), venue.id);
  };

  return (
    <form className="bo-card designer-new" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t(`${K}.newPlan`)}</h2>
      <div className="bo-field">
        <label htmlFor={ids.venue}>{t(`${K}.venue`)}</label>
        <select
          id={ids.venue}
          value={venueId}
          data-testid="designer-venue"
          onChange={(e) => setVenueId(Number(e.target.value))}
        >
          {venues.map((v) => (
            <option key={v.id} value={v.id}>
              {pickText(locale, v.name.he, v.name.en, v.name.ru, v.name.ar)} ({v.code})
            </option>
          ))}
        </select>
      </div>
      <div className="bo-field">
        <label htmlFor={ids.code}>{t(`${K}.planCode`)}</label>
        <input
          id={ids.code}
          dir="ltr"
          value={code}
          data-testid="designer-plan-code"
          aria-describedby={`${ids.code}-hint`}
          onChange={(e) => setCode(e.target.value)}
        />
        <span id={`${ids.code}-hint`} className="bo-hint">
          {t(`${K}.planCodeHint`)}
        </span>
      </div>
      <fieldset>
        <legend>{t(`${K}.startFrom`)}</legend>
        {[...TEMPLATES, 'file' as const].map((s) => (
          <div key={s} className="designer-check">
            <input
              type="radio"
              id={`${ids.start}-${s}`}
              name={ids.start}
              checked={start === s}
              onChange={() => setStart(s)}
            />
            <label htmlFor={`${ids.start}-${s}`}>{t(`${K}.start.${s}`)}</label>
          </div>
        ))}
      </fieldset>
      {start === 'file' && (
        <div className="bo-field">
          <label htmlFor={ids.file}>{t(`${K}.file`)}</label>
          <input
            id={ids.file}
            type="file"
            accept="application/json,.json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      <div className="bo-actions">
        <button type="submit" className="button button--primary" data-testid="designer-start">
          {t(`${K}.startDrawing`)}
        </button>
      </div>
    </form>
  );
}
