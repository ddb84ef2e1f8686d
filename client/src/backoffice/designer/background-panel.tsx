import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKGROUND_IMAGE_TYPES, MAX_BACKGROUND_IMAGE_BYTES } from '@hotline/seatmaps/designer';
import type { Editor } from './editor/editor';
import { CommitInput, K, Panel } from './fields';

const B = `${K}.background`;
const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const num = (v: string, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
};

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}

/**
 * A floor plan to trace: uploaded (PNG, JPEG or WebP, at most 3 MB: the limit the server keeps for `decor.background`),
 * drawn under the plan with an opacity, placed, scaled from two measured points and a known distance, locked so it
 * stays put, removed. Every change is one command (undo takes it back); the image travels inside the draft.
 */
export function BackgroundPanel({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const ids = { file: useId(), distance: useId(), locked: useId(), error: useId(), placeHelp: useId() };
  const [error, setError] = useState<string | null>(null);
  const [distance, setDistance] = useState('');
  const bg = editor.doc.meta.background;
  const measuring = editor.tool === 'measure';
  const [a, b] = editor.measure;

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (!(BACKGROUND_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(t(`${B}.wrongType`));
      return;
    }
    if (file.size > MAX_BACKGROUND_IMAGE_BYTES) {
      setError(t(`${B}.tooLarge`, { size: MB(file.size), max: MB(MAX_BACKGROUND_IMAGE_BYTES) }));
      return;
    }
    try {
      const src = await readDataUrl(file);
      const size = await imageSize(src);
      // First laid over the whole plan's width; measuring two points then gives it its true scale.
      editor.setBackground(
        { src, opacity: 0.5, scale: editor.doc.meta.width / size.width, offset: { x: 0, y: 0 }, locked: false },
        'addBackground',
      );
    } catch {
      setError(t(`${B}.unreadable`));
    }
  };

  const apply = () => {
    if (editor.scaleBackgroundByMeasure(num(distance, 0))) setDistance('');
    else setError(t(`${B}.cannotScale`));
  };

  return (
    <Panel title={t(`${B}.title`)} testId="designer-background">
      <div className="bo-field designer-field">
        <label htmlFor={ids.file}>{t(bg ? `${B}.replace` : `${B}.upload`)}</label>
        <input
          id={ids.file}
          type="file"
          accept={BACKGROUND_IMAGE_TYPES.join(',')}
          aria-describedby={error ? ids.error : undefined}
          data-testid="background-file"
          onChange={(e) => void upload(e)}
        />
      </div>
      {error && (
        <p id={ids.error} role="alert" className="designer-error" data-testid="background-error">
          {error}
        </p>
      )}
      {bg && (
        <>
          <CommitInput
            label={t(`${B}.opacity`)}
            type="number"
            min={0}
            max={100}
            step={5}
            testId="background-opacity"
            value={String(Math.round(bg.opacity * 100))}
            onCommit={(v) => editor.updateBackground({ opacity: Math.max(0, Math.min(1, num(v, 50) / 100)) })}
          />
          <div className="designer-check">
            <input
              id={ids.locked}
              type="checkbox"
              checked={bg.locked === true}
              data-testid="background-locked"
              onChange={(e) => editor.updateBackground({ locked: e.target.checked })}
            />
            <label htmlFor={ids.locked}>{t(`${B}.locked`)}</label>
          </div>
          <button
            type="button"
            className="button"
            aria-pressed={editor.tool === 'placeImage'}
            aria-describedby={ids.placeHelp}
            disabled={bg.locked}
            data-testid="background-place"
            onClick={() => editor.setTool(editor.tool === 'placeImage' ? 'select' : 'placeImage')}
          >
            {t(`${B}.place`)}
          </button>
          <p className="bo-hint" id={ids.placeHelp}>
            {t(`${B}.placeHelp`)}
          </p>
          <CommitInput
            label={t(`${B}.left`)}
            type="number"
            disabled={bg.locked}
            testId="background-x"
            value={String(Math.round(bg.offset.x * 100) / 100)}
            onCommit={(v) => editor.updateBackground({ offset: { ...bg.offset, x: num(v, bg.offset.x) } })}
          />
          <CommitInput
            label={t(`${B}.top`)}
            type="number"
            disabled={bg.locked}
            testId="background-y"
            value={String(Math.round(bg.offset.y * 100) / 100)}
            onCommit={(v) => editor.updateBackground({ offset: { ...bg.offset, y: num(v, bg.offset.y) } })}
          />
          <fieldset className="designer-measure" disabled={bg.locked}>
            <legend>{t(`${B}.scaleTitle`)}</legend>
            <p className="bo-hint">{t(`${B}.scaleHelp`)}</p>
            <button
              type="button"
              className="button"
              aria-pressed={measuring}
              data-testid="background-measure"
              onClick={() => editor.setTool(measuring ? 'select' : 'measure')}
            >
              {t(`${B}.measure`)}
            </button>
            <p aria-live="polite" data-testid="background-measured">
              {a && b
                ? t(`${B}.measured`, { distance: Math.round(Math.hypot(b.x - a.x, b.y - a.y) * 100) / 100 })
                : measuring
                  ? t(`${B}.measurePoints`, { count: editor.measure.length })
                  : ''}
            </p>
            <div className="bo-field designer-field">
              <label htmlFor={ids.distance}>{t(`${B}.distance`)}</label>
              <input
                id={ids.distance}
                type="number"
                min={0}
                value={distance}
                data-testid="background-distance"
                onChange={(e) => setDistance(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') apply();
                }}
              />
            </div>
            <button
              type="button"
              className="button"
              disabled={!(a && b) || !(num(distance, 0) > 0)}
              data-testid="background-apply-scale"
              onClick={apply}
            >
              {t(`${B}.applyScale`)}
            </button>
          </fieldset>
          <button
            type="button"
            className="button"
            data-testid="background-remove"
            onClick={() => editor.setBackground(null)}
          >
            {t(`${B}.remove`)}
          </button>
        </>
      )}
    </Panel>
  );
}
