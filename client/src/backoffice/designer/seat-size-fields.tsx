import { useTranslation } from 'react-i18next';
import type { Editor } from './editor/editor';
import { CommitInput, K } from './fields';

/**
 * The target seats' width and height (plan units): shown when they all share one, typed to give them all that size
 * (a couch, a wheelchair space); "the plan's seat size" gives them back the plan's. Each change is one command.
 */
/**
 * A size as the fields show it: to a hundredth, like the plan's seat size on the button. A curved block's seats have
 * sizes such as 39.978120000000004 (floating point after the arc's transform); the exact value stays in the plan
 * unless a new one is typed.
 */
const shown = (n: number) => String(Math.round(n * 100) / 100);

export function SeatSizeFields({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation();
  const meta = editor.doc.meta;
  // Worked out once per change of the document or the selection (a drag renders on every pointer move).
  const { size, own } = editor.targetSeatSize();
  const base = size ?? { width: meta.seatSize, height: meta.seatSize };
  const set = (patch: Partial<typeof base>, v: string) => {
    const n = Number(v);
    if (Number.isFinite(n) && n > 0) editor.setSeatSize({ ...base, ...patch });
  };
  return (
    <fieldset className="designer-names" data-testid="seat-size">
      <legend>{t(`${K}.seatSizeOwn`)}</legend>
      <CommitInput
        label={t(`${K}.seatWidth`)}
        type="number"
        min={0.1}
        step={0.1}
        disabled={disabled}
        testId="seat-width"
        value={size ? shown(size.width) : ''}
        onCommit={(v) => set({ width: Number(v) }, v)}
      />
      <CommitInput
        label={t(`${K}.seatHeight`)}
        type="number"
        min={0.1}
        step={0.1}
        disabled={disabled}
        testId="seat-height"
        value={size ? shown(size.height) : ''}
        onCommit={(v) => set({ height: Number(v) }, v)}
      />
      <button type="button" className="button" disabled={disabled || !own} onClick={() => editor.setSeatSize(null)}>
        {t(`${K}.seatSizePlan`, { size: meta.seatSize })}
      </button>
    </fieldset>
  );
}
