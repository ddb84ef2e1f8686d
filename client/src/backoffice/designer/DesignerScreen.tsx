import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminSeatPlanSummary } from '@hotline/shared';
import { ApiError } from '../../api/client';
import { useLocale } from '../../hooks/useLocale';
import { planToScreen } from '../../seatmap/model/viewport';
import { errorText } from '../admin-ui/error-text';
import { BuyerPreview } from './BuyerPreview';
import { DesignerCanvas } from './DesignerCanvas';
import { designerApi } from './designer-api';
import { TOOLS, type Editor } from './editor/editor';
import type { Point } from './editor/doc';
import { fromVenueDocument } from './editor/venue-document';
import { saveBody, type SavedBase } from './editor/save-body';
import type { VenueDocument } from '@hotline/seatmaps/designer';
import { K } from './fields';
import { handleKey, SHORTCUTS, TOOL_KEYS } from './keyboard';
import { IconButton } from './designer-icons';
import { MoreMenu } from './more-menu';
import { BackgroundPanel } from './background-panel';
import { ChangesPanel } from './changes-panel';
import { publishRisk } from './editor/version-changes';
import { CategoriesPanel, ProblemsPanel, PropertiesPanel, ToolOptionsPanel } from './panels';
import {
  draftKey,
  downloadJson,
  forgetLocalDraft,
  parseImport,
  readLocalDraft,
  writeLocalDraft,
  type LocalDraft,
} from './persistence';
import { useEditorVersion, useProblemsAfterPaint } from './use-editor';

/** A draft is saved on the server this long after the last change (the upload route allows 30 saves in 10 minutes). */
const AUTOSAVE_MS = 20_000;
/** The copy on this device is written this long after the last change (a big plan is megabytes of JSON). */
const LOCAL_MS = 800;

type SaveState = 'saved' | 'dirty' | 'saving' | 'deviceOnly' | 'conflict' | 'failed' | 'published';

export interface DesignerTarget {
  venueId: number;
  plan: AdminSeatPlanSummary | null;
}

/**
 * The seat-plan designer's screen: tools, the canvas, the panels (tool options, properties, categories, problems), the
 * save and publish bar. The editor holds the document; this composes it and keeps the draft saved.
 */
export function DesignerScreen({
  editor,
  target,
  onSavedNew,
  onNewVersion,
}: {
  editor: Editor;
  target: DesignerTarget;
  onSavedNew: (p: AdminSeatPlanSummary) => void;
  /** A published version's screen: start the plan's next draft from it. */
  onNewVersion?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  useEditorVersion(editor);
  const [plan, setPlan] = useState(target.plan);
  const [save, setSave] = useState<SaveState>(target.plan?.status === 'published' ? 'published' : 'saved');
  const [message, setMessage] = useState<string | null>(null);
  // Kept in refs too: key presses come faster than renders, and each must see the last one's cursor.
  const [cursor, setCursorState] = useState<Point | null>(null);
  const cursorRef = useRef<Point | null>(null);
  const anchorRef = useRef<Point | null>(null);
  const setCursor = useCallback((p: Point | null) => {
    cursorRef.current = p;
    setCursorState(p);
  }, []);
  const setAnchor = useCallback((p: Point | null) => {
    anchorRef.current = p;
  }, []);
  const [help, setHelp] = useState(false);
  /** Publishing would remove or relabel seats of the published version: asked first. */
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState(false);
  // A copy left on this device by a closed tab or a refused save: offered, never applied without asking.
  const [restore, setRestore] = useState<LocalDraft | null>(null);
  // Read once as the screen opens (IndexedDB answers later; an edit made meanwhile does not hide the offer).
  const openedKey = useRef(
    target.plan?.status === 'published' ? null : draftKey(target.plan?.id ?? null, target.venueId),
  );
  useEffect(() => {
    const key = openedKey.current;
    if (key === null) return;
    let live = true;
    void readLocalDraft(key).then((d) => live && d && setRestore(d));
    return () => {
      live = false;
    };
  }, []);
  const canvasBox = useRef<HTMLDivElement>(null);
  const helpRef = useRef<HTMLDialogElement>(null);
  const importInput = useRef<HTMLInputElement>(null);
  const saving = useRef(false);
  /**
   * The document this screen last saved, at the revision the server gave it: a later save sends what changed since.
   * None at first (an opened draft is saved whole once: what was read and what is stored could differ in a race).
   */
  const savedBase = useRef<SavedBase | null>(null);
  const ids = { help: useId(), publishReason: useId() };
  const key = draftKey(plan?.id ?? null, target.venueId);
  const readOnly = plan?.status === 'published';
  editor.setReadOnly(readOnly);

  const problems = useProblemsAfterPaint(editor);
  const changes = editor.changes();
  const risk = changes && publishRisk(changes);
  const docVersion = editor.docVersion;
  const firstVersion = useRef(docVersion);

  const saveNow = useCallback(async () => {
    if (readOnly || saving.current) return;
    // What the venue format refuses stays on this device until it is fixed (the seat-plan upload is rate limited);
    // the plan check's problems are saved with the draft (work in progress) and only stop publishing.
    if (editor.problems().some((p) => p.code !== 'planCheck')) {
      setSave('deviceOnly');
      return;
    }
    saving.current = true;
    setSave('saving');
    // What changed since the revision this screen last saved (a patch), or the whole document without such a base.
    const base = plan && savedBase.current?.revision === plan.revision ? savedBase.current : null;
    const { body, next } = saveBody(editor.doc, base);
    const at = editor.docVersion;
    try {
      const saved = plan
        ? await designerApi.replace(plan.id, plan.revision, body)
        : await designerApi.create(target.venueId, body as VenueDocument);
      savedBase.current = { ...next, revision: saved.revision };
      if (!plan) {
        void forgetLocalDraft(key);
        onSavedNew(saved);
      }
      setPlan(saved);
      if (editor.docVersion === at) {
        setSave('saved');
        void forgetLocalDraft(draftKey(saved.id, target.venueId));
      } else setSave('dirty');
      editor.announce('saved');
      editor.changed();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'STALE_REVISION') {
        savedBase.current = null;
        setSave('conflict');
      } else if (e instanceof ApiError && e.code === 'SEAT_PLAN_INVALID') setSave('deviceOnly');
      else {
        // Whatever went wrong, the next try sends the whole document (a patch it refused would be refused again).
        savedBase.current = null;
        setSave('failed');
        setMessage(errorText(e, t(`${K}.saveFailed`)));
      }
    } finally {
      saving.current = false;
    }
  }, [editor, plan, readOnly, target.venueId, key, onSavedNew, t]);

  const saveNowRef = useRef(saveNow);
  useEffect(() => {
    saveNowRef.current = saveNow;
  }, [saveNow]);

  // Every change (and only a change: saving moves the plan's key and revision): the copy on this device soon, the
  // server a little later.
  const keyRef = useRef(key);
  const revisionRef = useRef(plan?.revision ?? null);
  useEffect(() => {
    keyRef.current = key;
    revisionRef.current = plan?.revision ?? null;
  }, [key, plan?.revision]);
  useEffect(() => {
    if (docVersion === firstVersion.current || readOnly) return;
    setSave((s) => (s === 'conflict' ? s : 'dirty'));
    const local = setTimeout(
      () => void writeLocalDraft(keyRef.current, editor.doc, revisionRef.current, new Date()),
      LOCAL_MS,
    );
    const server = setTimeout(() => void saveNowRef.current(), AUTOSAVE_MS);
    return () => {
      clearTimeout(local);
      clearTimeout(server);
    };
  }, [docVersion, editor, readOnly]);

  // Closing the tab with unsaved changes: the copy is written at once, and the browser asks.
  useEffect(() => {
    const before = (e: BeforeUnloadEvent) => {
      if (save === 'dirty' || save === 'deviceOnly' || save === 'conflict') {
        // Asynchronous (IndexedDB): the browser finishes a write begun before the page goes; the copy written a moment
        // after the last change (LOCAL_MS) is there anyway.
        void writeLocalDraft(key, editor.doc, plan?.revision ?? null, new Date());
        e.preventDefault();
      }
    };
    window.addEventListener('beforeunload', before);
    return () => window.removeEventListener('beforeunload', before);
  }, [save, key, editor, plan?.revision]);

  const publish = async (confirmed = false) => {
    // The list on screen may be a frame behind the document: the editor's own is of the document as it is.
    if (!plan || editor.problems().length) return;
    setMessage(null);
    if (risk && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    try {
      const published = await designerApi.publish(plan.id, plan.revision);
      setPlan(published);
      setSave('published');
      editor.setComparison(null);
      void forgetLocalDraft(key);
      setMessage(t(`${K}.publishedNotice`, { version: published.version }));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'STALE_REVISION') setSave('conflict');
      else setMessage(errorText(e, t(`${K}.publishFailed`)));
    }
  };

  const reloadFromServer = async () => {
    if (!plan) return;
    const [summary, doc] = await Promise.all([designerApi.plan(plan.id), designerApi.document(plan.id)]);
    savedBase.current = null;
    editor.load(fromVenueDocument(doc));
    firstVersion.current = editor.docVersion;
    setPlan(summary);
    setSave(summary.status === 'published' ? 'published' : 'saved');
    editor.fit();
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const v = parseImport(await file.text());
    if (!v) {
      setMessage(t(`${K}.importFailed`));
      return;
    }
    editor.replaceAll(fromVenueDocument(v));
    setMessage(t(`${K}.imported`));
  };

  // Keys anywhere on the screen, except while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const typing =
        el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
      if (typing) return;
      if (help) return;
      // Buttons keep Enter and Space, and links and panels their own keys; the canvas takes the rest.
      const onCanvas = el?.dataset?.testid === 'designer-canvas';
      if (!onCanvas && (e.key === 'Enter' || e.key === ' ' || e.key.startsWith('Arrow')) && el !== document.body)
        return;
      const context = {
        editor,
        cursor: cursorRef.current,
        setCursor,
        anchor: anchorRef.current,
        setAnchor,
        openHelp: () => setHelp(true),
        save: () => void saveNow(),
      };
      if (handleKey(e, context)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor, help, saveNow, setCursor, setAnchor]);

  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector<HTMLButtonElement>('[data-cancel]')?.focus();
  }, [confirming]);

  useEffect(() => {
    const d = helpRef.current;
    if (!d) return;
    if (help && !d.open) d.showModal();
    if (!help && d.open) d.close();
  }, [help]);

  // Tests (?test): where a plan point is on the page, so a spec can draw with the mouse at known plan places.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('test')) return;
    const w = window as unknown as { __designer?: unknown };
    w.__designer = {
      toPage: (x: number, y: number) => {
        const el = document.querySelector('[data-testid="designer-canvas"]')!.getBoundingClientRect();
        const p = planToScreen(editor.camera, x, y);
        return { x: el.left + p.x, y: el.top + p.y };
      },
      seats: () =>
        [...editor.doc.seats.values()].map((s) => ({ row: s.row, name: s.name, x: s.x, y: s.y, features: s.features })),
      shapes: () =>
        [...editor.doc.shapes.values()].map((d) => ({ kind: d.kind, points: d.points, label: d.label, fill: d.fill })),
      background: () => {
        const bg = editor.doc.meta.background;
        return bg && { opacity: bg.opacity, scale: bg.scale, offset: bg.offset, locked: bg.locked === true };
      },
    };
    return () => {
      delete w.__designer;
    };
  }, [editor]);

  const announcement = editor.announcement;
  const spoken = useMemo(() => {
    if (!announcement) return '';
    const p = { ...announcement.params };
    if (typeof p.action === 'string') p.action = t(`${K}.commands.${p.action}`);
    if (typeof p.tool === 'string') p.tool = t(`${K}.tools.${p.tool}`);
    return t(`${K}.announce.${announcement.key}`, p);
  }, [announcement, t]);

  const publishReason = readOnly
    ? t(`${K}.alreadyPublished`)
    : problems.length
      ? t(`${K}.fixFirst`, { count: problems.length })
      : !plan || save !== 'saved'
        ? t(`${K}.saveFirst`)
        : null;

  const h = editor.history;
  // In the drawing tools' row while editing (the bar keeps to one row), in the bar when the plan is read-only.
  const previewToggle = (
    <button
      type="button"
      className="button"
      aria-pressed={preview}
      data-testid="designer-preview-toggle"
      onClick={() => setPreview((v) => !v)}
    >
      {t(`${K}.preview`)}
    </button>
  );
  return (
    <div className="designer" data-testid="designer">
      <div className="designer-bar" data-testid="designer-bar">
        <div className="designer-heading">
          <h1 className="designer-title">
            {readOnly ? t(`${K}.titleReadOnly`) : t(`${K}.title`)}
            {plan && (
              <span className="bo-hint">
                {' · '}
                <bdi dir="ltr" translate="no">
                  {plan.code}
                </bdi>{' '}
                {t(`${K}.version`, { version: plan.version })}
              </span>
            )}
          </h1>
          <span className="designer-status-line">
            <span className={`designer-save designer-save--${save}`} role="status" data-testid="designer-save">
              {t(`${K}.save.${save}`)}
            </span>
            {!readOnly && publishReason && (
              <span id={ids.publishReason} className="bo-hint" data-testid="designer-publish-reason">
                {publishReason}
              </span>
            )}
          </span>
        </div>
        <Link className="button" to={`/backoffice/venues?lang=${locale}`}>
          {t(`${K}.backToVenues`)}
        </Link>
        {!readOnly && (
          <button type="button" className="button" onClick={() => void saveNow()} data-testid="designer-save-now">
            {t(`${K}.saveNow`)}
          </button>
        )}
        {!readOnly && (
          <input
            ref={importInput}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="designer-import-file"
            onChange={(e) => void importFile(e)}
          />
        )}
        {readOnly && onNewVersion && (
          <button type="button" className="button" data-testid="designer-new-version" onClick={onNewVersion}>
            {t(`${K}.newVersion`, { version: (plan?.version ?? 0) + 1 })}
          </button>
        )}
        {!readOnly && (
          <>
            <button
              type="button"
              className="button button--primary"
              aria-disabled={publishReason ? true : undefined}
              aria-describedby={publishReason ? ids.publishReason : undefined}
              data-testid="designer-publish"
              onClick={() => !publishReason && void publish()}
            >
              {t(`${K}.publish`)}
            </button>
          </>
        )}
        {readOnly && previewToggle}
        <MoreMenu
          label={t(`${K}.more`)}
          testId="designer-more"
          items={[
            {
              id: 'export',
              label: t(`${K}.export`),
              onSelect: () => downloadJson(`${editor.doc.meta.venue.code}-${editor.doc.meta.code}.json`, editor.doc),
            },
            ...(readOnly
              ? []
              : [{ id: 'import', label: t(`${K}.import`), onSelect: () => importInput.current?.click() }]),
            { id: 'help', label: t(`${K}.helpButton`), dialog: true, onSelect: () => setHelp(true) },
          ]}
        />
      </div>
      {message && (
        <p className="designer-message" role="alert" data-testid="designer-message">
          {message}
        </p>
      )}
      {confirming && risk && (
        <div
          ref={confirmRef}
          className="designer-message designer-confirm"
          role="alertdialog"
          aria-labelledby={`${ids.publishReason}-risk`}
          data-testid="designer-publish-confirm"
        >
          <p id={`${ids.publishReason}-risk`}>
            {t(`${K}.changes.publishRisk`, {
              version: editor.comparison!.version,
              removed: risk.removed,
              renumbered: risk.renumbered,
            })}
          </p>
          <button type="button" className="button" data-cancel onClick={() => setConfirming(false)}>
            {t(`${K}.changes.keepEditing`)}
          </button>{' '}
          <button
            type="button"
            className="button button--danger"
            data-testid="designer-publish-anyway"
            onClick={() => void publish(true)}
          >
            {t(`${K}.changes.publishAnyway`)}
          </button>
        </div>
      )}
      {save === 'conflict' && (
        <div className="designer-message" role="alert" data-testid="designer-conflict">
          <p>{t(`${K}.conflict`)}</p>
          <button type="button" className="button" onClick={() => void reloadFromServer()}>
            {t(`${K}.reload`)}
          </button>
        </div>
      )}
      {restore && (
        <div className="designer-message" role="alert" data-testid="designer-restore">
          <p>{t(`${K}.restoreQuestion`, { time: new Date(restore.savedAt).toLocaleString(locale) })}</p>
          <button
            type="button"
            className="button"
            onClick={() => (editor.replaceAll(fromVenueDocument(restore.document), 'restore'), setRestore(null))}
          >
            {t(`${K}.restore`)}
          </button>
          <button type="button" className="button" onClick={() => (void forgetLocalDraft(key), setRestore(null))}>
            {t(`${K}.discard`)}
          </button>
        </div>
      )}
      {!readOnly && (
        <div className="designer-tools" role="toolbar" aria-label={t(`${K}.toolsLabel`)} data-testid="designer-tools">
          {TOOLS.map((tool) => (
            <IconButton
              key={tool}
              icon={tool}
              name={t(`${K}.tools.${tool}`)}
              shortcut={TOOL_KEYS[tool]}
              className="designer-tool"
              aria-pressed={editor.tool === tool}
              aria-keyshortcuts={TOOL_KEYS[tool]}
              data-testid={`tool-${tool}`}
              onClick={() => (setAnchor(null), editor.setTool(tool))}
            />
          ))}
          <span className="designer-tools-sep" />
          <IconButton
            icon="undo"
            name={t(`${K}.undo`)}
            shortcut="Ctrl+Z"
            disabled={!h.canUndo}
            aria-keyshortcuts="Control+Z"
            data-testid="undo"
            onClick={() => editor.undo()}
          />
          <IconButton
            icon="redo"
            name={t(`${K}.redo`)}
            shortcut="Ctrl+Shift+Z"
            disabled={!h.canRedo}
            aria-keyshortcuts="Control+Shift+Z"
            data-testid="redo"
            onClick={() => editor.redo()}
          />
          <span className="designer-tools-sep" />
          <IconButton icon="zoomIn" name={t(`${K}.zoomIn`)} onClick={() => editor.zoomAt(1.25)} />
          <IconButton icon="zoomOut" name={t(`${K}.zoomOut`)} onClick={() => editor.zoomAt(0.8)} />
          <IconButton icon="fit" name={t(`${K}.fit`)} data-testid="designer-fit" onClick={() => editor.fit()} />
          <span className="designer-tools-sep" />
          {previewToggle}
          {editor.picksCorners() && (
            <button
              type="button"
              className="button"
              disabled={editor.polygon.length < 3}
              onClick={() => editor.closePolygon()}
            >
              {t(`${K}.closePolygon`)}
            </button>
          )}
        </div>
      )}
      <div className="designer-main">
        <div className="designer-stage" ref={canvasBox}>
          {preview ? (
            <BuyerPreview editor={editor} locale={locale} label={t(`${K}.previewLabel`)} />
          ) : (
            <DesignerCanvas
              editor={editor}
              lang={locale}
              cursor={cursor}
              label={t(`${K}.canvasLabel`)}
              describedBy={ids.help}
            />
          )}
          <p id={ids.help} className="visually-hidden">
            {t(`${K}.canvasHelp`)}
          </p>
          <p className="designer-live visually-hidden" aria-live="polite" data-testid="designer-live">
            {spoken}
          </p>
        </div>
        <aside className="designer-side" aria-label={t(`${K}.panelsLabel`)}>
          <ProblemsPanel
            editor={editor}
            problems={problems}
            lang={locale}
            onShow={() => document.querySelector<HTMLElement>('[data-testid="designer-canvas"]')?.focus()}
          />
          {changes && (
            <ChangesPanel
              editor={editor}
              diff={changes}
              onShow={() => document.querySelector<HTMLElement>('[data-testid="designer-canvas"]')?.focus()}
            />
          )}
          {!readOnly && <ToolOptionsPanel editor={editor} />}
          <PropertiesPanel editor={editor} lang={locale} />
          <CategoriesPanel editor={editor} lang={locale} />
          {!readOnly && <BackgroundPanel editor={editor} />}
        </aside>
      </div>
      <dialog
        ref={helpRef}
        className="designer-help"
        aria-labelledby={`${ids.help}-title`}
        onClose={() => setHelp(false)}
        data-testid="designer-help"
      >
        <h2 id={`${ids.help}-title`}>{t(`${K}.helpTitle`)}</h2>
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{t(`${K}.keys`)}</th>
              <th scope="col">{t(`${K}.action`)}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={what}>
                <td>
                  <kbd dir="ltr">{keys}</kbd>
                </td>
                <td>{t(`${K}.shortcuts.${what}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="button" onClick={() => setHelp(false)}>
          {t(`${K}.close`)}
        </button>
      </dialog>
    </div>
  );
}
