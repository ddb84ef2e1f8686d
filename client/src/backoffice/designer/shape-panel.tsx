import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from './editor/editor';
import { DECOR_KINDS, names, type DecorShape, type Names } from './editor/doc';
import { K, NamesFields } from './fields';

/** The shape tool's option: which kind of shape a drag (or the polygon's corners) draws. */
export function ShapeKindField({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="bo-field designer-field">
      <label htmlFor={id}>{t(`${K}.shapeKind`)}</label>
      <select
        id={id}
        value={editor.options.shapeKind}
        data-testid="opt-shape-kind"
        onChange={(e) => editor.setToolOptions({ shapeKind: e.target.value as DecorShape['kind'] })}
      >
        {DECOR_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`${K}.shapeKinds.${k}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

const empty = (n: Names) => !n.he.trim() && !n.en.trim() && !n.ru.trim() && !n.ar.trim();

/** One selected decorative shape: its label in four languages, fill and outline colours. Each change is one command. */
export function ShapeFields({ editor, shape, disabled }: { editor: Editor; shape: DecorShape; disabled: boolean }) {
  const { t } = useTranslation();
  const ids = { filled: useId(), fill: useId(), stroke: useId() };
  return (
    <>
      <p className="bo-hint">{t(`${K}.shapeKinds.${shape.kind}`)}</p>
      <NamesFields
        legend={t(`${K}.shapeLabel`)}
        value={shape.label ?? names('', '')}
        disabled={disabled}
        testId="shape-label"
        onCommit={(label) => editor.updateShape(shape.id, { label: empty(label) ? null : label })}
      />
      {shape.kind !== 'line' && (
        <div className="designer-check">
          <input
            id={ids.filled}
            type="checkbox"
            disabled={disabled}
            checked={shape.fill !== null}
            onChange={(e) => editor.updateShape(shape.id, { fill: e.target.checked ? '#d0d7de' : null })}
          />
          <label htmlFor={ids.filled}>{t(`${K}.shapeFilled`)}</label>
        </div>
      )}
      {shape.kind !== 'line' && shape.fill !== null && (
        <div className="bo-field designer-field">
          <label htmlFor={ids.fill}>{t(`${K}.shapeFill`)}</label>
          <input
            id={ids.fill}
            type="color"
            disabled={disabled}
            value={shape.fill}
            onChange={(e) => editor.updateShape(shape.id, { fill: e.target.value })}
          />
        </div>
      )}
      <div className="bo-field designer-field">
        <label htmlFor={ids.stroke}>{t(`${K}.shapeStroke`)}</label>
        <input
          id={ids.stroke}
          type="color"
          disabled={disabled}
          value={shape.stroke ?? '#57606a'}
          onChange={(e) => editor.updateShape(shape.id, { stroke: e.target.value })}
        />
      </div>
    </>
  );
}
