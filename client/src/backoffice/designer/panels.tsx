import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describePlanProblem } from '@hotline/seatmaps/designer';
import type { Editor } from './editor/editor';
import type { Language, Section } from './editor/doc';
import { boundsOf } from './editor/geometry';
import type { Problem } from './editor/validate';
import { CommitInput, K, NamesFields, Panel } from './fields';
import { SeatSizeFields } from './seat-size-fields';
import { ShapeFields, ShapeKindField } from './shape-panel';

const FEATURES: readonly [number, string][] = [
  [10, 'wheelchair'],
  [11, 'companion'],
  [12, 'restrictedView'],
];

const num = (v: string, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** Options of the chosen drawing tool (rows × seats, curvature, stagger, capacity, text) and the grid. */
export function ToolOptionsPanel({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const o = editor.options;
  const set = editor.setToolOptions.bind(editor);
  const staggerId = useId();
  return (
    <Panel title={t(`${K}.toolOptions`)} testId="designer-tool-options">
      {editor.tool === 'block' && (
        <>
          <CommitInput
            label={t(`${K}.rows`)}
            type="number"
            min={1}
            max={500}
            value={String(o.block.rows)}
            testId="opt-rows"
            onCommit={(v) => set({ block: { ...o.block, rows: Math.max(1, Math.min(500, num(v, o.block.rows))) } })}
          />
          <CommitInput
            label={t(`${K}.seatsPerRow`)}
            type="number"
            min={1}
            max={500}
            value={String(o.block.seatsPerRow)}
            testId="opt-seats"
            onCommit={(v) =>
              set({ block: { ...o.block, seatsPerRow: Math.max(1, Math.min(500, num(v, o.block.seatsPerRow))) } })
            }
          />
          <CommitInput
            label={t(`${K}.curvature`)}
            type="number"
            min={0}
            max={3}
            step={0.1}
            value={String(o.block.curvature)}
            testId="opt-curvature"
            onCommit={(v) => set({ block: { ...o.block, curvature: Math.max(0, Math.min(3, num(v, 0))) } })}
          />
          <div className="designer-check">
            <input
              id={staggerId}
              type="checkbox"
              checked={o.block.stagger}
              onChange={(e) => set({ block: { ...o.block, stagger: e.target.checked } })}
            />
            <label htmlFor={staggerId}>{t(`${K}.stagger`)}</label>
          </div>
        </>
      )}
      {editor.tool === 'arc' && (
        <>
          <CommitInput
            label={t(`${K}.rows`)}
            type="number"
            min={1}
            max={200}
            value={String(o.arc.rows)}
            onCommit={(v) => set({ arc: { ...o.arc, rows: Math.max(1, num(v, o.arc.rows)) } })}
          />
          <CommitInput
            label={t(`${K}.seatsPerRow`)}
            type="number"
            min={1}
            max={500}
            value={String(o.arc.seatsPerRow)}
            onCommit={(v) => set({ arc: { ...o.arc, seatsPerRow: Math.max(1, num(v, o.arc.seatsPerRow)) } })}
          />
          <CommitInput
            label={t(`${K}.span`)}
            type="number"
            min={10}
            max={360}
            value={String(o.arc.spanDegrees)}
            onCommit={(v) => set({ arc: { ...o.arc, spanDegrees: Math.max(10, Math.min(360, num(v, 90))) } })}
          />
        </>
      )}
      {editor.tool === 'ga' && (
        <CommitInput
          label={t(`${K}.capacity`)}
          type="number"
          min={1}
          value={String(o.gaCapacity)}
          onCommit={(v) => set({ gaCapacity: Math.max(1, Math.floor(num(v, o.gaCapacity))) })}
        />
      )}
      {editor.tool === 'text' && (
        <CommitInput label={t(`${K}.text`)} value={o.text} onCommit={(v) => set({ text: v })} />
      )}
      {editor.tool === 'shape' && <ShapeKindField editor={editor} />}
      <CommitInput
        label={t(`${K}.grid`)}
        type="number"
        min={0}
        max={100}
        value={String(o.grid)}
        onCommit={(v) => set({ grid: Math.max(0, num(v, o.grid)) })}
      />
      <p className="bo-hint">{t(`${K}.toolHint.${editor.tool}`)}</p>
    </Panel>
  );
}

/** What is selected, and what can be changed about it. */
export function PropertiesPanel({ editor, lang }: { editor: Editor; lang: Language }) {
  const { t } = useTranslation();
  const ro = editor.readOnly;
  const sections = editor.selection
    .ofTable('sections')
    .map((id) => editor.doc.sections.get(id)!)
    .filter(Boolean);
  const labels = editor.selection
    .ofTable('labels')
    .map((id) => editor.doc.labels.get(id)!)
    .filter(Boolean);
  const shapes = editor.selection
    .ofTable('shapes')
    .map((id) => editor.doc.shapes.get(id)!)
    .filter(Boolean);
  const seats = editor.targetSeats();
  const zones = [...editor.doc.zones.values()];
  const zoneOf = new Set(seats.map((s) => s.zone ?? ''));
  const zoneValue = zoneOf.size === 1 ? [...zoneOf][0]! : '';
  const scheme = editor.scheme;
  const ids = { zone: useId(), from: useId(), rowStyle: useId(), step: useId(), keep: useId() };
  const meta = editor.doc.meta;

  if (!editor.selection.size)
    return (
      <Panel title={t(`${K}.planProperties`)} testId="designer-properties">
        <NamesFields
          legend={t(`${K}.planName`)}
          value={meta.name}
          disabled={ro}
          onCommit={(name) => editor.updateMeta({ name })}
        />
        <CommitInput
          label={t(`${K}.planWidth`)}
          type="number"
          min={10}
          disabled={ro}
          value={String(meta.width)}
          onCommit={(v) => editor.updateMeta({ width: Math.max(10, num(v, meta.width)) })}
        />
        <CommitInput
          label={t(`${K}.planHeight`)}
          type="number"
          min={10}
          disabled={ro}
          value={String(meta.height)}
          onCommit={(v) => editor.updateMeta({ height: Math.max(10, num(v, meta.height)) })}
        />
        <CommitInput
          label={t(`${K}.seatSize`)}
          type="number"
          min={1}
          disabled={ro}
          value={String(meta.seatSize)}
          onCommit={(v) => editor.updateMeta({ seatSize: Math.max(1, num(v, meta.seatSize)) })}
        />
        <p className="bo-hint">{t(`${K}.nothingSelected`)}</p>
      </Panel>
    );

  const one = sections.length === 1 ? sections[0]! : null;
  const oneSeat = !sections.length && seats.length === 1 ? seats[0]! : null;
  return (
    <Panel title={t(`${K}.properties`)} testId="designer-properties">
      <p role="status" className="bo-hint">
        {t(`${K}.selectedCount`, { seats: seats.length, sections: sections.length })}
      </p>
      {one && (
        <>
          <NamesFields
            legend={t(`${K}.sectionName`)}
            value={one.name}
            disabled={ro}
            testId="section-name"
            onCommit={(name) => editor.updateSection(one.id, { name })}
          />
          <CommitInput
            label={t(`${K}.sectionCode`)}
            dir="ltr"
            disabled={ro}
            value={one.code}
            testId="section-code"
            onCommit={(code) => editor.updateSection(one.id, { code: code.trim() })}
          />
          <SectionShapeFields editor={editor} section={one} disabled={ro} />
          {!one.reserved && (
            <CommitInput
              label={t(`${K}.capacity`)}
              type="number"
              min={1}
              disabled={ro}
              value={String(one.capacity ?? '')}
              testId="section-capacity"
              onCommit={(v) => editor.updateSection(one.id, { capacity: Math.max(0, Math.floor(num(v, 0))) || null })}
            />
          )}
        </>
      )}
      {oneSeat && (
        <>
          <CommitInput
            label={t(`${K}.rowLabel`)}
            disabled={ro}
            value={oneSeat.row}
            onCommit={(row) => editor.updateSeat(oneSeat.id, { row })}
          />
          <CommitInput
            label={t(`${K}.seatLabel`)}
            disabled={ro}
            value={oneSeat.name}
            onCommit={(name) => editor.updateSeat(oneSeat.id, { name })}
          />
        </>
      )}
      {labels.length === 1 && (
        <NamesFields
          legend={t(`${K}.text`)}
          value={labels[0]!.text}
          disabled={ro}
          testId="text-name"
          onCommit={(text) => editor.updateLabel(labels[0]!.id, { text })}
        />
      )}
      {shapes.length === 1 && <ShapeFields editor={editor} shape={shapes[0]!} disabled={ro} />}
      {editor.selection.has('stage') && meta.stage && (
        <NamesFields
          legend={t(`${K}.stageLabel`)}
          value={meta.stage.label}
          disabled={ro}
          onCommit={(label) => editor.updateStageLabel(label)}
        />
      )}
      {seats.length > 0 && <SeatSizeFields editor={editor} disabled={ro} />}
      {(seats.length > 0 || sections.some((s) => !s.reserved)) && (
        <div className="bo-field designer-field">
          <label htmlFor={ids.zone}>{t(`${K}.category`)}</label>
          <select
            id={ids.zone}
            disabled={ro}
            value={zoneValue}
            data-testid="selection-category"
            onChange={(e) => editor.setZoneOfSelection(e.target.value || null)}
          >
            <option value="">{zoneOf.size > 1 ? t(`${K}.mixed`) : t(`${K}.noCategory`)}</option>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name[lang] || z.name.en}
              </option>
            ))}
          </select>
        </div>
      )}
      {seats.length > 0 && (
        <>
          <fieldset className="designer-features">
            <legend>{t(`${K}.features`)}</legend>
            {FEATURES.map(([code, name]) => {
              const all = seats.every((s) => s.features.includes(code));
              const some = !all && seats.some((s) => s.features.includes(code));
              return (
                <button
                  key={code}
                  type="button"
                  className="button"
                  disabled={ro}
                  aria-pressed={all ? true : some ? 'mixed' : false}
                  data-testid={`feature-${name}`}
                  onClick={() => editor.toggleFeature(code)}
                >
                  {t(`${K}.feature.${name}`)}
                </button>
              );
            })}
            <button
              type="button"
              className="button"
              disabled={ro}
              aria-pressed={seats.every((s) => s.together !== null)}
              data-testid="together"
              onClick={() => editor.toggleTogether()}
            >
              {t(`${K}.together`)}
            </button>
          </fieldset>
          <fieldset className="designer-numbering">
            <legend>{t(`${K}.numbering`)}</legend>
            <div className="bo-field designer-field">
              <label htmlFor={ids.from}>{t(`${K}.seatsFrom`)}</label>
              <select
                id={ids.from}
                value={scheme.seatsFrom}
                data-testid="scheme-from"
                onChange={(e) => editor.setScheme({ seatsFrom: e.target.value as 'left' | 'right' })}
              >
                <option value="left">{t(`${K}.fromLeft`)}</option>
                <option value="right">{t(`${K}.fromRight`)}</option>
              </select>
            </div>
            <div className="bo-field designer-field">
              <label htmlFor={ids.rowStyle}>{t(`${K}.rowStyle`)}</label>
              <select
                id={ids.rowStyle}
                value={scheme.rowStyle}
                data-testid="scheme-rows"
                onChange={(e) => editor.setScheme({ rowStyle: e.target.value as 'numbers' | 'letters' })}
              >
                <option value="numbers">{t(`${K}.rowNumbers`)}</option>
                <option value="letters">{t(`${K}.rowLetters`)}</option>
              </select>
            </div>
            <div className="bo-field designer-field">
              <label htmlFor={ids.step}>{t(`${K}.seatStep`)}</label>
              <select
                id={ids.step}
                value={String(scheme.seatStep)}
                onChange={(e) => editor.setScheme({ seatStep: Number(e.target.value) === 2 ? 2 : 1 })}
              >
                <option value="1">{t(`${K}.stepAll`)}</option>
                <option value="2">{t(`${K}.stepOddEven`)}</option>
              </select>
            </div>
            <CommitInput
              label={t(`${K}.firstSeat`)}
              type="number"
              value={String(scheme.firstSeat)}
              onCommit={(v) => editor.setScheme({ firstSeat: Math.floor(num(v, 1)) })}
            />
            <CommitInput
              label={t(`${K}.firstRow`)}
              type="number"
              value={String(scheme.firstRow)}
              testId="scheme-first-row"
              onCommit={(v) => editor.setScheme({ firstRow: Math.max(1, Math.floor(num(v, 1))) })}
            />
            <div className="designer-check">
              <input
                id={ids.keep}
                type="checkbox"
                checked={scheme.keepRows}
                onChange={(e) => editor.setScheme({ keepRows: e.target.checked })}
              />
              <label htmlFor={ids.keep}>{t(`${K}.keepRows`)}</label>
            </div>
            <button
              type="button"
              className="button"
              disabled={ro}
              data-testid="renumber"
              onClick={() => editor.renumberSelected()}
            >
              {t(`${K}.renumber`)}
            </button>
            <button type="button" className="button" onClick={() => editor.selectRows()}>
              {t(`${K}.selectRows`)}
            </button>
          </fieldset>
        </>
      )}
      <fieldset className="designer-transform">
        <legend>{t(`${K}.rotation`)}</legend>
        <button type="button" className="button" disabled={ro} onClick={() => editor.rotateSelected(-15)}>
          {t(`${K}.rotateLeft`)}
        </button>
        <button type="button" className="button" disabled={ro} onClick={() => editor.rotateSelected(15)}>
          {t(`${K}.rotateRight`)}
        </button>
        <CommitInput
          label={t(`${K}.rotateBy`)}
          type="number"
          min={-360}
          max={360}
          disabled={ro}
          value="0"
          onCommit={(v) => editor.rotateSelected(num(v, 0))}
        />
        <button type="button" className="button" disabled={ro} onClick={() => editor.mirrorSelected('x')}>
          {t(`${K}.mirrorX`)}
        </button>
        <button type="button" className="button" disabled={ro} onClick={() => editor.mirrorSelected('y')}>
          {t(`${K}.mirrorY`)}
        </button>
        <button type="button" className="button" disabled={ro} onClick={() => editor.duplicate()}>
          {t(`${K}.duplicate`)}
        </button>
        <button type="button" className="button" disabled={ro} onClick={() => editor.deleteSelected()}>
          {t(`${K}.delete`)}
        </button>
      </fieldset>
    </Panel>
  );
}

/** Outlines with more corners than this (an arc sector's) are reshaped on the plan, not typed corner by corner. */
const MAX_TYPED_CORNERS = 24;

/** The section's size and its outline's corners, typed: what the handles on the plan do, by keyboard. */
function SectionShapeFields({ editor, section, disabled }: { editor: Editor; section: Section; disabled: boolean }) {
  const { t } = useTranslation();
  const b = boundsOf(section.outline)!;
  const size = (v: number) => String(Math.round(v * 100) / 100);
  const corners = section.outline;
  const upright =
    corners.length === 4 &&
    corners[0]!.y === corners[1]!.y &&
    corners[1]!.x === corners[2]!.x &&
    corners[2]!.y === corners[3]!.y &&
    corners[3]!.x === corners[0]!.x;
  const setCorner = (i: number, axis: 'x' | 'y', v: string) => {
    const n = Number(v);
    if (!Number.isFinite(n)) return;
    editor.setOutline(
      section.id,
      corners.map((c, k) => (k === i ? { ...c, [axis]: n } : c)),
    );
  };
  return (
    <fieldset className="designer-transform" data-testid="section-shape">
      <legend>{t(`${K}.shape`)}</legend>
      <CommitInput
        label={t(`${K}.sectionWidth`)}
        type="number"
        min={1}
        disabled={disabled}
        testId="section-width"
        value={size(b.maxX - b.minX)}
        onCommit={(v) => editor.resizeSection(section.id, num(v, 0), b.maxY - b.minY)}
      />
      <CommitInput
        label={t(`${K}.sectionHeight`)}
        type="number"
        min={1}
        disabled={disabled}
        testId="section-height"
        value={size(b.maxY - b.minY)}
        onCommit={(v) => editor.resizeSection(section.id, b.maxX - b.minX, num(v, 0))}
      />
      {!upright && corners.length <= MAX_TYPED_CORNERS && (
        <div className="designer-corners">
          {corners.map((c, i) => (
            <div key={i} className="designer-corner">
              <CommitInput
                label={t(`${K}.cornerX`, { n: i + 1 })}
                type="number"
                disabled={disabled}
                testId={`corner-${i}-x`}
                value={size(c.x)}
                onCommit={(v) => setCorner(i, 'x', v)}
              />
              <CommitInput
                label={t(`${K}.cornerY`, { n: i + 1 })}
                type="number"
                disabled={disabled}
                testId={`corner-${i}-y`}
                value={size(c.y)}
                onCommit={(v) => setCorner(i, 'y', v)}
              />
            </div>
          ))}
        </div>
      )}
      <p className="bo-hint">{t(`${K}.handlesHint`)}</p>
    </fieldset>
  );
}

/** Price categories (the format's zones): colour and names, which one new seats get; and the legend buyers see. */
export function CategoriesPanel({ editor, lang }: { editor: Editor; lang: Language }) {
  const { t } = useTranslation();
  const ro = editor.readOnly;
  const zones = [...editor.doc.zones.values()];
  const counts = editor.seatsPerZone();
  const group = useId();
  return (
    <Panel title={t(`${K}.categories`)} testId="designer-categories">
      {zones.length === 0 && <p className="bo-hint">{t(`${K}.noCategories`)}</p>}
      <ul className="designer-zones">
        {zones.map((z, i) => (
          <li key={z.id} data-testid={`category-${i}`}>
            <div className="designer-zone-head">
              <input
                type="radio"
                id={`${group}-${z.id}`}
                name={group}
                checked={editor.activeZone === z.id}
                onChange={() => editor.setActiveZone(z.id)}
              />
              <label htmlFor={`${group}-${z.id}`}>
                <span className="designer-swatch" style={{ background: z.color }} aria-hidden="true" />{' '}
                {z.name[lang] || z.name.en} <span className="bo-hint">{t(`${K}.forNewSeats`)}</span>
              </label>
            </div>
            <details>
              <summary>{t(`${K}.editCategory`, { name: z.name[lang] || z.name.en })}</summary>
              <NamesFields
                legend={t(`${K}.categoryName`)}
                value={z.name}
                disabled={ro}
                testId={`category-${i}-name`}
                onCommit={(name) => editor.updateZone(z.id, { name })}
              />
              <CommitInput
                label={t(`${K}.categoryCode`)}
                dir="ltr"
                disabled={ro}
                value={z.code}
                onCommit={(code) => editor.updateZone(z.id, { code: code.trim() })}
              />
              <div className="bo-field designer-field">
                <label htmlFor={`${group}-c-${z.id}`}>{t(`${K}.colour`)}</label>
                <input
                  id={`${group}-c-${z.id}`}
                  type="color"
                  disabled={ro}
                  value={z.color}
                  onChange={(e) => editor.updateZone(z.id, { color: e.target.value })}
                />
              </div>
              <button type="button" className="button" disabled={ro} onClick={() => editor.removeZone(z.id)}>
                {t(`${K}.removeCategory`, { name: z.name[lang] || z.name.en })}
              </button>
            </details>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        disabled={ro}
        data-testid="add-category"
        onClick={() => editor.addZone()}
      >
        {t(`${K}.addCategory`)}
      </button>
      <h3>{t(`${K}.legend`)}</h3>
      <ul className="designer-legend" aria-label={t(`${K}.legend`)}>
        {zones.map((z) => (
          <li key={z.id}>
            <span className="designer-swatch" style={{ background: z.color }} aria-hidden="true" />{' '}
            {z.name[lang] || z.name.en}
            <span className="bo-hint"> · {t(`${K}.seatCount`, { count: counts.get(z.id) ?? 0 })}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The live list of what stops publishing; each problem selects and centres its place. */
export function ProblemsPanel({
  editor,
  problems,
  lang,
  onShow,
}: {
  editor: Editor;
  problems: Problem[];
  lang: Language;
  onShow: () => void;
}) {
  const { t } = useTranslation();
  const show = (p: Problem) => {
    // The plan check names its own ids: what is at its place is selected instead.
    const target = p.target ?? (p.at ? editor.hitTest(p.at) : null);
    if (target && !target.startsWith('zn') && editor.exists(target)) editor.select([target]);
    if (p.at) editor.centreOn(p.at);
    onShow();
  };
  return (
    <Panel title={t(`${K}.problemsTitle`, { count: problems.length })} testId="designer-problems">
      {problems.length === 0 ? (
        <p data-testid="designer-no-problems">{t(`${K}.noProblems`)}</p>
      ) : (
        <ul className="designer-problems">
          {problems.map((p, i) => (
            <li key={i}>
              <button
                type="button"
                className="designer-problem"
                data-problem={p.plan?.code ?? p.code}
                onClick={() => show(p)}
              >
                {p.plan ? describePlanProblem(p.plan, lang) : t(`${K}.problems.${p.code}`, p.params)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
