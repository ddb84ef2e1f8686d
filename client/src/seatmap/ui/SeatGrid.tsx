import { useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { SeatMapController } from '../controller';
import type { NavDirection } from '../model/keyboard-nav';

/**
 * The seat map for the keyboard and for screen readers: a visually hidden
 * ARIA grid laid over the canvas. Sections -> rows -> seats: the grid is the
 * focused seat's SECTION, its rows are the section's rows, its cells the
 * seats (plus a row header). Focus stays on the grid element and
 * aria-activedescendant names the focused seat, so a screen reader reads
 * "Section, row 5, seat 12, available, Standard ₪42.00, wheelchair space".
 *
 * Virtualised for 100k seats: only the focused row ±2 rows, and ±12 seats
 * around the focus column in each, are in the DOM; aria-rowcount /
 * aria-colcount / aria-rowindex / aria-colindex give the true positions.
 */
const ROW_WINDOW = 2;
const COL_WINDOW = 12;

const KEY_DIRECTIONS: Record<string, NavDirection> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function cellId(i: number): string {
  return `seatmap-seat-${i}`;
}

export function SeatGrid({
  controller,
  gridRef,
  helpId,
  onEscape,
  pointerFocus,
}: {
  controller: SeatMapController;
  gridRef: RefObject<HTMLDivElement | null>;
  helpId: string;
  onEscape: () => void;
  pointerFocus: RefObject<boolean>;
}) {
  const { t } = useTranslation();
  const focus = useStore(controller.ui, (s) => s.focus);
  const selected = useStore(controller.ui, (s) => s.selected);
  const [active, setActive] = useState(false);
  // The rows are filled in once the map is on screen (they are not needed for the first frame).
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const w = window as Window & {
      requestIdleCallback?: (cb: () => void) => number;
      cancelIdleCallback?: (id: number) => void;
    };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setArmed(true));
      return () => w.cancelIdleCallback?.(id);
    }
    const id = setTimeout(() => setArmed(true), 100);
    return () => clearTimeout(id);
  }, []);
  const st = controller.store;
  const anchor = focus >= 0 ? focus : controller.focus.entrySeat();

  const maxCols = useMemo(() => {
    const out = new Int32Array(st.sections.length);
    for (const row of st.rows) out[row.sectionIndex] = Math.max(out[row.sectionIndex]!, row.end - row.start);
    return out;
  }, [st]);

  if (anchor < 0) {
    return (
      <div
        ref={gridRef}
        className="seatmap-grid"
        tabIndex={0}
        role="group"
        aria-label={t('order.seatMapLabel')}
        aria-describedby={helpId}
        onKeyDown={(e) => e.key === 'Escape' && onEscape()}
      />
    );
  }

  const s = st.sectionIndex[anchor]!;
  const sec = st.sections[s]!;
  const r = st.rowOf[anchor]!;
  const lx = st.localX[anchor]!;
  const rows: number[] = [];
  // Before the idle fill-in, just the focus row (a grid always has rows).
  const win = armed || active ? ROW_WINDOW : 0;
  for (let k = Math.max(sec.rowStart, r - win); k <= Math.min(sec.rowEnd - 1, r + win); k++) rows.push(k);
  void selected; // re-render on selection changes (aria-selected)

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const dir = KEY_DIRECTIONS[e.key];
    const cur = controller.ui.getState().focus;
    if (dir) {
      e.preventDefault();
      controller.focus.move(dir);
      return;
    }
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        if (cur >= 0) void controller.toggleSeat(cur);
        else controller.focus.set(controller.focus.entrySeat());
        return;
      case '+':
      case '=':
      case 'Add': {
        e.preventDefault();
        const p = cur >= 0 && controller.renderer ? controller.renderer.seatOnScreen(cur) : undefined;
        controller.camera.zoomBy(1.6, p?.x, p?.y, true);
        return;
      }
      case '-':
      case '_':
      case 'Subtract': {
        e.preventDefault();
        const p = cur >= 0 && controller.renderer ? controller.renderer.seatOnScreen(cur) : undefined;
        controller.camera.zoomBy(1 / 1.6, p?.x, p?.y, true);
        return;
      }
      case '0':
        e.preventDefault();
        controller.camera.reset(true);
        return;
      case 'Home':
        e.preventDefault();
        controller.focus.jump('rowStart');
        return;
      case 'End':
        e.preventDefault();
        controller.focus.jump('rowEnd');
        return;
      case 'PageUp':
        e.preventDefault();
        controller.focus.jump('prevSection');
        return;
      case 'PageDown':
        e.preventDefault();
        controller.focus.jump('nextSection');
        return;
      case 'Escape':
        e.preventDefault();
        onEscape();
        return;
      default:
    }
  };

  return (
    <div
      ref={gridRef}
      className="seatmap-grid"
      tabIndex={0}
      role="grid"
      aria-label={`${t('order.seatMapLabel')}: ${controller.sectionName(s)}`}
      aria-describedby={helpId}
      aria-rowcount={sec.rowEnd - sec.rowStart}
      aria-colcount={maxCols[s]! + 1}
      aria-activedescendant={focus >= 0 && active ? cellId(focus) : undefined}
      aria-multiselectable="true"
      onKeyDown={onKeyDown}
      onFocus={() => {
        setActive(true);
        const cur = controller.ui.getState().focus;
        if (cur >= 0) controller.focus.set(cur, false);
        else if (!pointerFocus.current) controller.focus.set(controller.focus.entrySeat());
        pointerFocus.current = false;
      }}
      onBlur={() => {
        setActive(false);
        controller.focus.blur();
      }}
    >
      {rows.map((k) => {
        // A seat's name says its section wherever the plan has more than one: arrows cross from one to the next, and
        // "row 2, seat 4" alone is in every section.
        const namedSections = st.sections.length > 1;
        const row = st.rows[k]!;
        // The seats nearest the focus column (rows differ in length; keep the window centred on the focus).
        let centre = row.start;
        let best = Infinity;
        for (let j = row.start; j < row.end; j++) {
          const d = Math.abs(st.localX[j]! - lx);
          if (d < best) {
            best = d;
            centre = j;
          }
        }
        const from = Math.max(row.start, centre - COL_WINDOW);
        const to = Math.min(row.end - 1, centre + COL_WINDOW);
        const cells = [];
        for (let j = from; j <= to; j++) {
          const mine = controller.selection.has(j);
          cells.push(
            <div
              key={j}
              id={cellId(j)}
              role="gridcell"
              aria-colindex={j - row.start + 2}
              aria-selected={mine}
              className="seatmap-grid__cell"
            >
              {controller.describe(j, namedSections)}
            </div>,
          );
        }
        return (
          <div key={k} role="row" aria-rowindex={k - sec.rowStart + 1} className="seatmap-grid__row">
            <div role="rowheader" aria-colindex={1} className="seatmap-grid__cell">
              {t('seatmap.row', { row: row.name })}
            </div>
            {cells}
          </div>
        );
      })}
    </div>
  );
}
