import type React from 'react';
import type { ToolbarTool } from './editor/editor';

/** The toolbar's pictures (24 × 24, drawn in the text colour); always beside an accessible name, never alone. */
type DesignerIconId = ToolbarTool | 'undo' | 'redo' | 'zoomIn' | 'zoomOut' | 'fit';

const PATHS: Record<DesignerIconId, string> = {
  select: 'M5 3l14 8-6 1.5L10 19z',
  rect: 'M4 6h16v12H4z',
  polygon: 'M12 3l8.5 6.2-3.2 9.8H6.7L3.5 9.2z',
  arc: 'M3 16a9 9 0 0 1 18 0M7 16a5 5 0 0 1 10 0M3 16h4M17 16h4',
  block:
    'M5 7h.01M9 7h.01M13 7h.01M17 7h.01M5 12h.01M9 12h.01M13 12h.01M17 12h.01M5 17h.01M9 17h.01M13 17h.01M17 17h.01',
  ga: 'M4 5h16v14H4zM9 10a1.5 1.5 0 1 0 0-.01M15 10a1.5 1.5 0 1 0 0-.01M7 16c.5-2 3.5-2 4 0M13 16c.5-2 3.5-2 4 0',
  stage: 'M3 14h18v5H3zM6 14V9h12v5',
  text: 'M5 6V4h14v2M12 4v16M9 20h6',
  shape: 'M7 13a4 4 0 1 0 0 .01M14 4l6 10h-12z',
  undo: 'M9 5L4 10l5 5M4 10h10a5 5 0 0 1 0 10h-3',
  redo: 'M15 5l5 5-5 5M20 10H10a5 5 0 0 0 0 10h3',
  zoomIn: 'M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12M14.5 14.5L20 20M7 10h6M10 7v6',
  zoomOut: 'M10 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12M14.5 14.5L20 20M7 10h6',
  fit: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
};

/** Pictures with a direction (undo, redo): mirrored in a right-to-left page, as the text they stand beside reads. */
const MIRRORED = new Set<DesignerIconId>(['undo', 'redo']);

function DesignerIcon({ id }: { id: DesignerIconId }) {
  return (
    <svg
      className={`designer-icon${MIRRORED.has(id) ? ' designer-icon--mirror' : ''}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[id]} />
    </svg>
  );
}

/**
 * A toolbar button shown as its picture: its name is the accessible name (aria-label), and a tooltip beside it (not
 * inside: its text is the name and the key, and a button's visible text must be within its name) shows both on hover
 * and on keyboard focus, so it is as usable by keyboard and screen reader as a worded button.
 */
export function IconButton({
  icon,
  name,
  shortcut,
  className,
  ...props
}: {
  icon: DesignerIconId;
  name: string;
  /** The key as shown (e.g. "Ctrl+Z"); its aria-keyshortcuts form goes in `aria-keyshortcuts`. */
  shortcut?: string;
} & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'>) {
  return (
    <span className="designer-icon-wrap">
      <button type="button" {...props} className={`button designer-icon-button ${className ?? ''}`} aria-label={name}>
        <DesignerIcon id={icon} />
      </button>
      <span className="designer-tip" aria-hidden="true">
        {name}
        {shortcut && <kbd>{shortcut}</kbd>}
      </span>
    </span>
  );
}
