import type { Editor, ToolbarTool } from './editor/editor';
import type { Point } from './editor/doc';

/** Tool keys (no modifier), shown on the tool buttons and in the help panel. */
export const TOOL_KEYS: Record<ToolbarTool, string> = {
  select: 'V',
  rect: 'R',
  polygon: 'P',
  arc: 'A',
  block: 'B',
  ga: 'G',
  stage: 'S',
  text: 'T',
  shape: 'D',
};

/** Every shortcut, for the help panel: the keys and the translation key of what they do. */
export const SHORTCUTS: readonly [string, string][] = [
  ['V R P A B G S T D', 'tools'],
  ['Alt + ← ↑ → ↓', 'cursor'],
  ['Enter', 'place'],
  ['Shift + Enter', 'placeAdd'],
  ['← ↑ → ↓', 'nudge'],
  ['Shift + ← ↑ → ↓', 'nudgeBig'],
  ['← ↑ → ↓', 'nudgeImage'],
  ['Ctrl + Z', 'undo'],
  ['Ctrl + Shift + Z / Ctrl + Y', 'redo'],
  ['Ctrl + C', 'copy'],
  ['Ctrl + V', 'paste'],
  ['Ctrl + D', 'duplicate'],
  ['Ctrl + A', 'selectAll'],
  ['Delete', 'delete'],
  ['[ ]', 'rotate'],
  ['M / Shift + M', 'mirror'],
  ['+ − 0', 'zoom'],
  ['Escape', 'escape'],
  ['Ctrl + S', 'save'],
  ['?', 'help'],
];

export interface KeyContext {
  editor: Editor;
  cursor: Point | null;
  setCursor: (p: Point | null) => void;
  /** The first corner placed by Enter for a two-corner tool. */
  anchor: Point | null;
  setAnchor: (p: Point | null) => void;
  openHelp: () => void;
  save: () => void;
}

const TOOL_BY_KEY = new Map(Object.entries(TOOL_KEYS).map(([tool, key]) => [key.toLowerCase(), tool as ToolbarTool]));

/**
 * The designer's keys. Returns true when it handled the key. Drawing by keyboard: a cursor on the plan moved with
 * Alt + arrows (arrows alone while a drawing tool is chosen), Enter to place a corner, a second Enter to finish.
 */
export function handleKey(e: KeyboardEvent, k: KeyContext): boolean {
  const { editor } = k;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key;
  const lower = key.toLowerCase();
  if (key === '?') {
    k.openHelp();
    return true;
  }
  if (mod && lower === 's') {
    k.save();
    return true;
  }
  if (mod && lower === 'z') {
    if (e.shiftKey) editor.redo();
    else editor.undo();
    return true;
  }
  if (mod && lower === 'y') {
    editor.redo();
    return true;
  }
  if (mod && lower === 'c') {
    editor.copy();
    return true;
  }
  if (mod && lower === 'v') {
    editor.paste();
    return true;
  }
  if (mod && lower === 'd') {
    editor.duplicate();
    return true;
  }
  if (mod && lower === 'a') {
    editor.selectAll();
    return true;
  }
  if (mod || (e.altKey && !key.startsWith('Arrow'))) return false;

  const arrows: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const dir = arrows[key];
  const drawing = editor.tool !== 'select';
  if (dir && editor.tool === 'placeImage' && !e.altKey) {
    editor.nudgeImage(dir[0], dir[1], e.shiftKey);
    return true;
  }
  if (dir) {
    if (e.altKey || drawing || !editor.selection.size) {
      const step = (editor.options.grid || 1) * (e.shiftKey ? 10 : 2);
      const c = k.cursor ?? centre(editor);
      const next = { x: c.x + dir[0] * step, y: c.y + dir[1] * step };
      k.setCursor(next);
      if (k.anchor) editor.draft = { a: k.anchor, b: next };
      editor.announce('cursor', { x: Math.round(next.x), y: Math.round(next.y) });
      editor.changed();
    } else editor.nudge(dir[0], dir[1], e.shiftKey);
    return true;
  }
  if (key === 'Enter') {
    const c = k.cursor ?? centre(editor);
    if (!k.cursor) k.setCursor(c);
    if (editor.tool === 'select') {
      const hit = editor.hitTest(c);
      if (hit) editor.select([hit], e.shiftKey ? 'toggle' : 'replace');
      else editor.clearSelection();
    } else if (editor.picksCorners()) {
      if (e.shiftKey) editor.closePolygon();
      else editor.addPolygonPoint(c);
    } else if (editor.tool === 'text') editor.create(c, c);
    else if (editor.tool === 'measure') editor.addMeasurePoint(c);
    else if (!k.anchor) {
      k.setAnchor(c);
      editor.draft = { a: c, b: c };
      editor.announce('anchor', { x: Math.round(c.x), y: Math.round(c.y) });
      editor.changed();
    } else {
      const a = k.anchor;
      k.setAnchor(null);
      editor.draft = null;
      editor.create(a, c);
    }
    return true;
  }
  if (key === 'Escape') {
    if (k.anchor || editor.polygon.length || editor.draft) {
      k.setAnchor(null);
      editor.draft = null;
      editor.polygon = [];
      editor.changed();
    } else if (editor.tool !== 'select') editor.setTool('select');
    else editor.clearSelection();
    return true;
  }
  if (key === 'Delete' || key === 'Backspace') {
    editor.deleteSelected();
    return true;
  }
  if (key === '[' || key === ']') {
    editor.rotateSelected(key === ']' ? 15 : -15);
    return true;
  }
  if (lower === 'm') {
    editor.mirrorSelected(e.shiftKey ? 'y' : 'x');
    return true;
  }
  if (key === '+' || key === '=') {
    editor.zoomAt(1.25);
    return true;
  }
  if (key === '-') {
    editor.zoomAt(0.8);
    return true;
  }
  if (key === '0') {
    editor.fit();
    return true;
  }
  const tool = TOOL_BY_KEY.get(lower);
  if (tool && !e.shiftKey) {
    k.setAnchor(null);
    editor.setTool(tool);
    return true;
  }
  return false;
}

function centre(editor: Editor): Point {
  const c = editor.camera;
  return editor.toPlan(c.viewportWidth / 2, c.viewportHeight / 2);
}
