import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiffSeat, PlanDiff, RenumberedSeat } from '@hotline/seatmaps/designer';
import type { Editor } from './editor/editor';
import { CHANGE_KINDS, changeCounts, type ChangeKind } from './editor/version-changes';
import { K, Panel } from './fields';
import { CHANGE_COLOURS } from './render-changes';

/** Seats of each kind listed by name (the map shows them all; a long list helps nobody). */
const LISTED = 20;

/**
 * What this draft changes against the published version: a legend with the count of each kind (the same marks as the
 * map), a sentence for screen readers, the removed and renumbered seats as buttons that show them, and whether the
 * marks are drawn.
 */
export function ChangesPanel({ editor, diff, onShow }: { editor: Editor; diff: PlanDiff; onShow: () => void }) {
  const { t } = useTranslation();
  const showId = useId();
  const counts = changeCounts(diff);
  const version = editor.comparison!.version;
  const summary = t(`${K}.changes.summary`, { version, ...counts });
  const show = (s: DiffSeat) => {
    if (editor.exists(s.id)) editor.select([s.id]);
    editor.centreOn(s.at);
    onShow();
  };
  const seatName = (s: DiffSeat, row = s.row, seat = s.seat) =>
    t(`${K}.changes.seat`, { section: s.section, row, seat });
  const describe = (s: DiffSeat | RenumberedSeat) =>
    'was' in s
      ? t(`${K}.changes.renumberedSeat`, { was: seatName(s, s.was.row, s.was.seat), now: seatName(s) })
      : seatName(s);
  return (
    <Panel title={t(`${K}.changes.title`, { version })} testId="designer-changes">
      <p data-testid="designer-changes-summary">{summary}</p>
      <div className="designer-check">
        <input
          id={showId}
          type="checkbox"
          checked={editor.showChanges}
          data-testid="designer-changes-show"
          onChange={(e) => editor.setShowChanges(e.target.checked)}
        />
        <label htmlFor={showId}>{t(`${K}.changes.showOnMap`)}</label>
      </div>
      <ul className="designer-legend" aria-label={t(`${K}.changes.legend`)}>
        {CHANGE_KINDS.map((kind) => (
          <li key={kind} data-testid={`designer-changes-${kind}`} data-count={counts[kind]}>
            <ChangeMark kind={kind} /> {t(`${K}.changes.${kind}`, { n: counts[kind] })}
          </li>
        ))}
      </ul>
      {(['removed', 'renumbered'] as const).map(
        (kind) =>
          diff[kind].length > 0 && (
            <div key={kind}>
              <h3 className="designer-changes-heading">{t(`${K}.changes.${kind}List`)}</h3>
              <ul className="designer-problems">
                {(diff[kind] as (DiffSeat | RenumberedSeat)[]).slice(0, LISTED).map((s) => (
                  <li key={`${s.section}-${s.id}`}>
                    <button type="button" className="designer-problem" onClick={() => show(s)}>
                      {describe(s)}
                    </button>
                  </li>
                ))}
              </ul>
              {diff[kind].length > LISTED && <p>{t(`${K}.changes.more`, { n: diff[kind].length - LISTED })}</p>}
            </div>
          ),
      )}
    </Panel>
  );
}

/** The map's mark for a kind of change, drawn the same way (the words next to it say what it is). */
function ChangeMark({ kind }: { kind: ChangeKind }) {
  const c = CHANGE_COLOURS[kind];
  const common = { fill: 'none', stroke: c, strokeWidth: 2 };
  return (
    <svg width="18" height="18" viewBox="-9 -9 18 18" aria-hidden="true" focusable="false">
      {kind === 'added' && (
        <>
          <circle r="6" {...common} />
          <path d="M-3 0H3M0 -3V3" {...common} />
        </>
      )}
      {kind === 'removed' && (
        <>
          <circle r="6" {...common} strokeDasharray="3 2" />
          <path d="M-3 -3L3 3M3 -3L-3 3" {...common} />
        </>
      )}
      {kind === 'renumbered' && <rect x="-6" y="-6" width="12" height="12" {...common} />}
      {kind === 'moved' && <path d="M0 -7L7 0L0 7L-7 0Z" {...common} />}
    </svg>
  );
}
