import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useGesture } from '@use-gesture/react';
import type { Editor, Handle } from './editor/editor';
import type { Language, Point } from './editor/doc';
import { DesignerStage } from './designer-stage';

interface Gesture {
  kind: 'move' | 'band' | 'draft' | 'pan' | 'handle' | 'image';
  start: Point;
  screen: Point;
  handle?: Handle;
}

/**
 * The drawing surface: the Konva stage of designer-stage.ts (a few shapes, never one per seat), pointer input for
 * the current tool, wheel and pinch zoom through @use-gesture (as the storefront map does). The element around it is
 * what keyboard users focus: it has a name, says how to use it, and its keys are handled by the screen.
 */
export function DesignerCanvas({
  editor,
  lang,
  cursor,
  label,
  describedBy,
}: {
  editor: Editor;
  lang: Language;
  cursor: Point | null;
  label: string;
  describedBy: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const stage = useRef<DesignerStage | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const cursorRef = useRef(cursor);
  const langRef = useRef(lang);
  useEffect(() => {
    cursorRef.current = cursor;
    editor.changed();
  }, [editor, cursor]);

  // The Konva stage (designer-stage.ts): drawn on the next frame after any change of the editor.
  useEffect(() => {
    const el = surface.current;
    if (!el) return;
    const s = new DesignerStage(el, editor, langRef.current, () => cursorRef.current, window.devicePixelRatio || 1);
    stage.current = s;
    return () => {
      s.destroy();
      stage.current = null;
    };
  }, [editor]);
  // A language change draws the names again without building the stage again.
  useEffect(() => {
    langRef.current = lang;
    stage.current?.setLanguage(lang);
  }, [lang]);

  // Size: the stage follows its box.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let first = true;
    const resize = () => {
      const { width, height } = el.getBoundingClientRect();
      stage.current?.resize(Math.max(1, width), Math.max(1, height));
      editor.setViewport(width, height);
      if (first && width > 0) {
        first = false;
        editor.fit();
      }
    };
    resize();
    const ro = new ResizeObserver(resize);
    ro.observe(el);
    return () => ro.disconnect();
  }, [editor]);

  useGesture(
    {
      onWheel: ({ event, delta: [dx, dy] }) => {
        event.preventDefault();
        const r = host.current!.getBoundingClientRect();
        if (event.shiftKey) editor.pan(-dx, -dy);
        else editor.zoomAt(Math.exp(-dy / 300), event.clientX - r.left, event.clientY - r.top);
      },
      onPinch: ({ origin: [ox, oy], offset: [scale], memo }) => {
        const r = host.current!.getBoundingClientRect();
        const last = (memo as number | undefined) ?? 1;
        editor.zoomAt(scale / last, ox - r.left, oy - r.top);
        return scale;
      },
    },
    { target: host, eventOptions: { passive: false }, pinch: { scaleBounds: { min: 0.05, max: 50 } } },
  );

  const local = (e: ReactPointerEvent): Point => {
    const r = host.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch' && !e.isPrimary) return;
    host.current?.focus();
    const s = local(e);
    const p = editor.toPlan(s.x, s.y);
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (e.button === 1 || (e.button === 0 && e.altKey)) {
      gesture.current = { kind: 'pan', start: p, screen: s };
      return;
    }
    if (e.button !== 0 || editor.readOnly) {
      if (editor.readOnly) gesture.current = { kind: 'pan', start: p, screen: s };
      return;
    }
    if (editor.picksCorners()) {
      editor.addPolygonPoint(p);
      return;
    }
    switch (editor.tool) {
      case 'select': {
        const handle = editor.handleAt(p);
        if (handle) {
          gesture.current = { kind: 'handle', start: p, screen: s, handle };
          break;
        }
        const hit = editor.hitTest(p);
        if (hit) {
          if (e.shiftKey) editor.select([hit], 'toggle');
          else if (!editor.selection.has(hit)) editor.select([hit]);
          gesture.current = { kind: 'move', start: p, screen: s };
        } else {
          if (!e.shiftKey) editor.clearSelection();
          editor.setBand({ a: p, b: p });
          gesture.current = { kind: 'band', start: p, screen: s };
        }
        break;
      }
      case 'text':
        editor.create(p, p);
        break;
      case 'placeImage':
        gesture.current = { kind: 'image', start: p, screen: s };
        break;
      case 'measure':
        editor.addMeasurePoint(p);
        break;
      default:
        editor.setDraft({ a: p, b: p });
        gesture.current = { kind: 'draft', start: p, screen: s };
    }
  };

  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) return;
    const s = local(e);
    const p = editor.toPlan(s.x, s.y);
    if (g.kind === 'pan') {
      editor.pan(s.x - g.screen.x, s.y - g.screen.y);
      g.screen = s;
    } else if (g.kind === 'move') {
      if (Math.hypot(s.x - g.screen.x, s.y - g.screen.y) > 3 || editor.dragOffset)
        editor.dragTo(p.x - g.start.x, p.y - g.start.y);
    } else if (g.kind === 'handle') {
      // Alt: no snapping (whole degrees for the rotate handle).
      editor.setShapeDraft(editor.handleOutline(g.handle!, p, e.altKey));
    } else if (g.kind === 'image') editor.dragImage(p.x - g.start.x, p.y - g.start.y);
    else if (g.kind === 'band') editor.setBand({ a: g.start, b: p });
    else editor.setDraft({ a: g.start, b: p });
  };

  const up = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    const s = local(e);
    const p = editor.toPlan(s.x, s.y);
    if (g.kind === 'handle') {
      editor.setShapeDraft(null);
      if (Math.hypot(s.x - g.screen.x, s.y - g.screen.y) > 3) editor.finishHandle(g.handle!, p, e.altKey);
    } else if (g.kind === 'move') editor.endDrag();
    else if (g.kind === 'image') editor.endImageDrag();
    else if (g.kind === 'band') {
      editor.setBand(null);
      const ids = editor.idsInBox(g.start, p);
      if (Math.hypot(s.x - g.screen.x, s.y - g.screen.y) > 3) editor.select(ids, e.shiftKey ? 'add' : 'replace');
      else editor.changed();
    } else if (g.kind === 'draft') {
      editor.setDraft(null);
      editor.create(g.start, p);
    }
  };

  return (
    <div
      ref={host}
      className="designer-canvas"
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      data-testid="designer-canvas"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => {
        gesture.current = null;
        editor.cancelGesture();
      }}
    >
      <div ref={surface} className="designer-surface" aria-hidden="true" />
    </div>
  );
}
