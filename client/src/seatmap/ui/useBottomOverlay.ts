import { useLayoutEffect, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { SeatMapController } from '../controller';

/**
 * The phone's bar (and any bottom sheet) sits over the bottom of the map. Every such overlay carries
 * `data-map-overlay="bottom"`; this measures how much of the map frame is hidden from the bar's top down (the bar,
 * and the part of the map below the window's fold behind it; at least the bar's height) when the bar appears,
 * changes size or the map resizes — not on every scroll, so the map does not move while the page scrolls — and tells
 * the camera, whose fit and pan bounds then keep the last rows above it.
 */
export function useBottomOverlay(viewportRef: RefObject<HTMLElement | null>, controller: SeatMapController): void {
  const holds = useStore(controller.ui, (s) => s.selected.length + s.ga.length);
  useLayoutEffect(() => {
    const map = viewportRef.current;
    if (!map) return;
    const root = map.closest('.seatmap') ?? document;
    const overlays = () => [...root.querySelectorAll<HTMLElement>('[data-map-overlay="bottom"]')];
    const measure = () => {
      const m = map.getBoundingClientRect();
      let inset = 0;
      for (const o of overlays()) {
        const r = o.getBoundingClientRect();
        const position = getComputedStyle(o).position;
        if (r.height === 0 || r.right <= m.left || r.left >= m.right) continue;
        if (position !== 'sticky' && position !== 'fixed') continue;
        inset = Math.max(inset, r.height, m.bottom - r.top);
      }
      // At most 60% of the map: on a short screen the venue shrinks to fit above the bar, never to nothing.
      controller.camera.setBottomInset(Math.min(inset, m.height * 0.6));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(map);
    for (const o of overlays()) ro.observe(o);
    return () => ro.disconnect();
  }, [viewportRef, controller, holds]);
}
