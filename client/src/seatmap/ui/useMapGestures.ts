import { useGesture } from '@use-gesture/react';
import { useRef, type RefObject } from 'react';
import type { SeatMapController } from '../controller';
import { LONG_PRESS_MS, pressKind } from './press-kind';

/**
 * Pointer, touch and wheel on the map (@use-gesture/react), turned into
 * controller calls. Nothing here sets React state per frame: camera changes go
 * to the Konva stage through the controller.
 *
 *  - wheel: zoom about the pointer (ctrl+wheel / trackpad pinch: same, finer);
 *  - drag: pan (box office with the rectangle tool: select a block);
 *  - two fingers: pinch zooms about the fingers, moving them pans;
 *  - tap: select / zoom into a section; double tap on empty space: zoom in;
 *  - long press (touch): the seat's card; hover (mouse): the seat's card.
 */
const DOUBLE_TAP_MS = 320;

export function useMapGestures(
  target: RefObject<HTMLDivElement | null>,
  controller: SeatMapController | null,
  opts: { boxOffice: boolean; rectangleTool: boolean; onPointerFocus: () => void },
) {
  const lastTap = useRef<{ t: number; x: number; y: number } | null>(null);
  const press = useRef<{
    timer: ReturnType<typeof setTimeout> | null;
    fired: boolean;
    x: number;
    y: number;
    downAt: number;
  }>({
    timer: null,
    fired: false,
    x: 0,
    y: 0,
    downAt: 0,
  });
  const rubber = useRef<{ x0: number; y0: number } | null>(null);
  const pinch = useRef<{ ratio: number; ox: number; oy: number } | null>(null);
  /** Decided when a drag starts (buttons are 0 on its last event): pan, or draw a selection rectangle. */
  const dragMode = useRef<'pan' | 'rect'>('pan');

  const local = (cx: number, cy: number) => {
    const rect = target.current!.getBoundingClientRect();
    return { x: cx - rect.left, y: cy - rect.top };
  };

  const cancelPress = () => {
    if (press.current.timer) clearTimeout(press.current.timer);
    press.current.timer = null;
  };

  useGesture(
    {
      onPointerDown: ({ event }) => {
        opts.onPointerFocus();
        controller?.camera.stopAnimation();
        press.current.fired = false;
        press.current.downAt = event.timeStamp;
        cancelPress();
        if (event.pointerType !== 'mouse') {
          const p = local(event.clientX, event.clientY);
          press.current.x = event.clientX;
          press.current.y = event.clientY;
          press.current.timer = setTimeout(() => {
            press.current.fired = true;
            controller?.pointer.longPressAt(p.x, p.y);
          }, LONG_PRESS_MS);
        }
      },
      onPointerUp: () => cancelPress(),
      onPointerCancel: () => cancelPress(),
      onDrag: ({ first, last, tap, delta, xy, event, touches, pinching, cancel, buttons }) => {
        const pointerType = (event as PointerEvent).pointerType ?? 'mouse';
        if (!controller) return;
        if (pinching || touches > 1) {
          rubber.current = null;
          if (controller.renderer) controller.renderer.rubber = null;
          return cancel();
        }
        if (Math.hypot(xy[0] - press.current.x, xy[1] - press.current.y) > 8) cancelPress();
        const p = local(xy[0], xy[1]);
        if (tap) {
          // The long press already showed the card, unless its timer only fired late: the input's times decide.
          if (press.current.fired && pressKind(press.current.downAt, event.timeStamp) === 'long') return;
          const touch = pointerType !== 'mouse';
          const now = performance.now();
          const prev = lastTap.current;
          if (prev && now - prev.t < DOUBLE_TAP_MS && Math.hypot(prev.x - p.x, prev.y - p.y) < 30) {
            lastTap.current = null;
            controller.camera.zoomBy(2, p.x, p.y, true);
            return;
          }
          const acted = controller.pointer.tapAt(p.x, p.y, touch);
          lastTap.current = acted === 'none' ? { t: now, x: p.x, y: p.y } : null;
          return;
        }
        // Rubber band: box office, rectangle tool, primary button (or one finger); other buttons pan.
        if (first)
          dragMode.current =
            opts.boxOffice && opts.rectangleTool && (pointerType !== 'mouse' || buttons === 1) ? 'rect' : 'pan';
        if (dragMode.current === 'rect') {
          if (first || !rubber.current) rubber.current = { x0: p.x - delta[0], y0: p.y - delta[1] };
          const r = controller.renderer;
          if (!r) return;
          // Shift: the block may cross into other sections (the screen rectangle); else it keeps to its section.
          const across = 'shiftKey' in event && event.shiftKey === true;
          const { x0, y0 } = rubber.current;
          const { outline } = controller.pointer.blockAt(x0, y0, p.x, p.y, across);
          r.rubber = { x0, y0, x1: p.x, y1: p.y, outline: outline.length ? outline : undefined };
          r.overlayChanged();
          if (last) {
            r.rubber = null;
            r.overlayChanged();
            rubber.current = null;
            void controller.pointer.selectBlock(x0, y0, p.x, p.y, across);
          }
          return;
        }
        controller.camera.panBy(delta[0], delta[1]);
        if (last) controller.camera.publishZoom();
      },
      onPinch: ({ first, last, origin, movement, event }) => {
        if (!controller) return;
        event.preventDefault?.();
        cancelPress();
        const o = local(origin[0], origin[1]);
        if (first || !pinch.current) {
          controller.camera.stopAnimation();
          pinch.current = { ratio: 1, ox: o.x, oy: o.y };
        }
        const st = pinch.current;
        const ratio = movement[0];
        // Pan by how far the fingers' midpoint moved, then zoom about where it is now.
        controller.camera.panBy(o.x - st.ox, o.y - st.oy);
        if (ratio > 0 && st.ratio > 0) controller.camera.zoomBy(ratio / st.ratio, o.x, o.y);
        st.ratio = ratio;
        st.ox = o.x;
        st.oy = o.y;
        if (last) {
          pinch.current = null;
          controller.camera.publishZoom();
        }
      },
      onWheel: ({ event, delta, ctrlKey, pinching }) => {
        event.preventDefault();
        // ctrl+wheel (and a trackpad pinch, which browsers send as ctrl+wheel) is handled as a pinch.
        if (!controller || pinching || ctrlKey) return;
        const p = local(event.clientX, event.clientY);
        const dy = delta[1] * ((event as WheelEvent).deltaMode === 1 ? 16 : 1);
        controller.camera.zoomBy(Math.exp(-dy * 0.0022), p.x, p.y);
      },
      onMove: ({ xy, event, dragging }) => {
        if (!controller || dragging || (event as PointerEvent).pointerType !== 'mouse') return;
        const p = local(xy[0], xy[1]);
        controller.pointer.hoverAt(p.x, p.y);
      },
      onHover: ({ hovering }) => {
        if (!hovering) controller?.pointer.clearHover();
      },
    },
    {
      target,
      eventOptions: { passive: false },
      drag: { filterTaps: true, tapsThreshold: 6, pointer: { buttons: [1, 2, 4] } },
      pinch: { scaleBounds: { min: 0.0001, max: 10000 }, rubberband: false },
      wheel: { eventOptions: { passive: false } },
    },
  );
}
