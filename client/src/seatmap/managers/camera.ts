import { SpringValue } from '@react-spring/web';
import type { SeatMapController } from '../controller';
import {
  clampScale,
  fitToBounds,
  openingCamera,
  screenToPlan,
  sectionTapScale,
  zoomAbout,
  zoomLimits,
  type Camera,
  type ZoomLimits,
} from '../model/viewport';

/**
 * The camera: zoom and pan (clamped to the venue and the zoom limits), the "whole venue" fit, animated moves
 * (section zoom, reset, keyboard reveal, best available) and the zoom state React shows (buttons, touch-action).
 * The renderer holds the current camera; this manager decides where it goes.
 */
export class CameraManager {
  limits: ZoomLimits = { min: 0.01, max: 100 };
  fit: Camera | null = null;
  /** CSS px at the bottom of the map covered by the phone's bar (or sheet): fit, pan and moves keep rows above it. */
  bottomInset = 0;
  private readonly spring = new SpringValue(0);
  private animating = false;
  /** Where the running animation ends: a second move started meanwhile starts from there, not from mid-flight. */
  private target: Camera | null = null;
  /** The seat the buyer picked last, kept above the phone's bar while the bar grows to its resting size. */
  private keptSeat: number | null = null;

  constructor(private readonly c: SeatMapController) {}

  get current(): Camera | null {
    return this.c.renderer?.camera ?? null;
  }

  /** The whole venue in view (model/viewport.ts openingCamera: the first-paint picture opens at the same camera). */
  fitCamera(width: number, height: number): Camera {
    return openingCamera(this.c.store.bounds, width, height, this.bottomInset);
  }

  /** Height of the map not covered by the phone's bar. */
  private visibleHeight(cam: Camera): number {
    return Math.max(cam.viewportHeight * 0.5, cam.viewportHeight - this.bottomInset);
  }

  /**
   * The phone's bar (or bottom sheet) now covers `px` of the map's bottom: the fit and the pan bounds keep the last
   * rows above it; a map showing the whole venue moves to the new fit.
   */
  setBottomInset(px: number): void {
    const inset = Math.max(0, Math.round(px));
    if (inset === this.bottomInset) return;
    const r = this.c.renderer;
    const wasFit = r !== null && (this.atFit(r.camera) || this.headingToFit());
    this.bottomInset = inset;
    if (!r) return;
    r.bottomInset = inset;
    r.staticChanged();
    const fit = this.refit(r.camera.viewportWidth, r.camera.viewportHeight);
    if (wasFit) this.animateTo(fit);
    else this.liftAboveBar();
    this.publishZoom();
  }

  /**
   * A seat just picked on a phone stays in sight: when the bar covers it (the bar appears or grows with the pick), the
   * map pans up just enough, now and again each time the bar settles at a new height, so the next tap meant for
   * the seat does not land on the bar. Nothing moves when the seat is already above the bar.
   */
  keepAboveBar(i: number): void {
    this.keptSeat = i;
    this.liftAboveBar();
  }

  private liftAboveBar(): void {
    const i = this.keptSeat;
    const now = this.current;
    if (i === null || !now || this.bottomInset === 0 || !this.c.selection.has(i)) return;
    const cam = this.animating && this.target ? { ...this.target, viewportHeight: now.viewportHeight } : now;
    const st = this.c.store;
    const below = Math.max(12, (st.typicalSeatSize * cam.scale) / 2 + 8);
    const sy = st.y[i]! * cam.scale + cam.y;
    const limit = this.visibleHeight(cam) - below;
    if (sy > limit) this.animateTo({ ...cam, y: cam.y - (sy - limit) });
  }

  /**
   * A move to the whole venue is in flight (the buyer asked for it): a frame or bar change meanwhile re-aims it at the
   * new whole venue instead of stopping it half-way or panning back to the last pick.
   */
  private headingToFit(): boolean {
    return this.animating && this.target !== null && this.atFit(this.target);
  }

  private atFit(cam: Camera): boolean {
    const fit = this.fit;
    return (
      fit !== null &&
      Math.abs(cam.scale - fit.scale) < 1e-9 &&
      Math.abs(cam.x - fit.x) < 0.5 &&
      Math.abs(cam.y - fit.y) < 0.5
    );
  }

  /** New viewport size: new fit and limits. */
  refit(width: number, height: number): Camera {
    this.fit = this.fitCamera(width, height);
    this.limits = zoomLimits(this.fit.scale, this.c.store.typicalSeatSize);
    return this.fit;
  }

  /** The map frame changed size: stay on the whole venue if we were there, else keep the same plan point centred. */
  resize(width: number, height: number): void {
    const r = this.c.renderer;
    if (!r) return;
    // A move in flight was computed for the old frame: it stops where it is, and the frame's own rules apply; a move
    // to the whole venue goes on to the new frame's whole venue.
    const toFit = this.headingToFit();
    this.stopAnimation();
    const before = r.camera;
    const wasFit = this.atFit(before);
    const next = this.refit(width, height);
    r.resize(width, height);
    if (wasFit) r.setCamera(next);
    else if (toFit) this.animateTo(next);
    else {
      const p = screenToPlan(before, before.viewportWidth / 2, before.viewportHeight / 2);
      r.setCamera({ ...r.camera, x: width / 2 - p.x * r.camera.scale, y: height / 2 - p.y * r.camera.scale });
      // The frame shrinks when the phone's bar appears with a pick: the picked seat stays above the bar.
      this.liftAboveBar();
    }
    this.publishZoom();
  }

  set(cam: Camera): void {
    const r = this.c.renderer;
    if (!r) return;
    r.setCamera({ ...cam, scale: clampScale(cam.scale, this.limits) });
    this.publishZoom();
  }

  /** Multiplies the zoom about a screen point (default: the viewport centre). */
  zoomBy(factor: number, sx?: number, sy?: number, animate = false): void {
    const cam = this.current;
    if (!cam) return;
    const next = zoomAbout(cam, factor, sx ?? cam.viewportWidth / 2, sy ?? cam.viewportHeight / 2, this.limits);
    if (animate) this.animateTo(next);
    else {
      this.stopAnimation();
      this.set(next);
    }
  }

  panBy(dx: number, dy: number): void {
    const cam = this.current;
    if (!cam) return;
    this.stopAnimation();
    this.set(this.clampPan({ ...cam, x: cam.x + dx, y: cam.y + dy }));
  }

  /** Keeps at least a quarter of the viewport on the venue, so it cannot be flung out of sight. */
  clampPan(cam: Camera): Camera {
    const b = this.c.store.bounds;
    const k = cam.scale;
    const minX = cam.viewportWidth * 0.25 - b.maxX * k;
    const maxX = cam.viewportWidth * 0.75 - b.minX * k;
    const h = this.visibleHeight(cam);
    const minY = h * 0.25 - b.maxY * k;
    const maxY = h * 0.75 - b.minY * k;
    return { ...cam, x: Math.min(maxX, Math.max(minX, cam.x)), y: Math.min(maxY, Math.max(minY, cam.y)) };
  }

  reset(animate = true): void {
    if (!this.fit) return;
    // The buyer asked for the whole venue: the last pick is no longer kept in sight above the bar.
    this.keptSeat = null;
    if (animate) this.animateTo(this.fit);
    else this.set(this.fit);
    this.c.ui.setState({ zoomedToSection: false });
  }

  /**
   * Animated zoom into section s (tapping a section when zoomed out): the section fills the view, or, where that would
   * leave seats too small to tap, closer still so neighbouring seats are at least 24 px apart, centred on the tapped
   * point (kept inside the section).
   */
  zoomToSection(s: number, at?: { x: number; y: number }): void {
    const cam = this.current;
    if (!cam) return;
    const b = this.c.store.sections[s]!.bounds;
    const h = this.visibleHeight(cam);
    const target = fitToBounds(b, cam.viewportWidth, h, Math.min(48, cam.viewportWidth * 0.08));
    const tappable = sectionTapScale(this.c.store.typicalSeatSize);
    if (target.scale >= tappable) {
      this.animateTo({ ...target, viewportHeight: cam.viewportHeight, scale: clampScale(target.scale, this.limits) });
    } else {
      const scale = clampScale(tappable, this.limits);
      const p = at ? screenToPlan(cam, at.x, at.y) : { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
      const cx = Math.min(b.maxX, Math.max(b.minX, p.x));
      const cy = Math.min(b.maxY, Math.max(b.minY, p.y));
      this.animateTo({ ...cam, scale, x: cam.viewportWidth / 2 - cx * scale, y: h / 2 - cy * scale });
    }
    this.c.ui.setState({ zoomedToSection: true });
  }

  /** Animated move so these seats are in view at a comfortable size. */
  zoomToSeats(indices: readonly number[]): void {
    const cam = this.current;
    if (!cam || indices.length === 0) return;
    const st = this.c.store;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const i of indices) {
      minX = Math.min(minX, st.x[i]!);
      maxX = Math.max(maxX, st.x[i]!);
      minY = Math.min(minY, st.y[i]!);
      maxY = Math.max(maxY, st.y[i]!);
    }
    const pad = st.typicalSeatSize * 6;
    const box = { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
    const h = this.visibleHeight(cam);
    const target = fitToBounds(box, cam.viewportWidth, h, 24);
    const scale = clampScale(Math.min(target.scale, 28 / st.typicalSeatSize), this.limits);
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    this.animateTo({ ...cam, scale, x: cam.viewportWidth / 2 - cx * scale, y: h / 2 - cy * scale });
  }

  /** Brings seat i into view (keyboard focus): pans if it is off screen, zooms in if it is too small to see. */
  ensureVisible(i: number): void {
    const cam = this.current;
    if (!cam) return;
    const st = this.c.store;
    const x = st.x[i]!;
    const y = st.y[i]!;
    const sx = x * cam.scale + cam.x;
    const sy = y * cam.scale + cam.y;
    const margin = 48;
    const visible = this.visibleHeight(cam);
    const off = sx < margin || sy < margin || sx > cam.viewportWidth - margin || sy > visible - margin;
    const w = cam.viewportWidth / 2;
    const h = visible / 2;
    if (cam.scale * st.typicalSeatSize < 12) {
      const scale = clampScale(20 / st.typicalSeatSize, this.limits);
      this.animateTo({ ...cam, scale, x: w - x * scale, y: h - y * scale });
    } else if (off) this.animateTo({ ...cam, x: w - x * cam.scale, y: h - y * cam.scale });
  }

  /** Spring animation between cameras: log-space zoom, straight line for the centre, applied to the stage directly. */
  animateTo(target: Camera): void {
    const from = this.current;
    if (!from) return;
    const w = from.viewportWidth;
    const h = from.viewportHeight;
    const c0 = screenToPlan(from, w / 2, h / 2);
    const c1 = screenToPlan({ ...target, viewportWidth: w, viewportHeight: h }, w / 2, h / 2);
    const l0 = Math.log(from.scale);
    const l1 = Math.log(clampScale(target.scale, this.limits));
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.spring.stop();
    this.spring.set(0);
    this.animating = true;
    this.target = target;
    const apply = (t: number) => {
      const scale = Math.exp(l0 + (l1 - l0) * t);
      const cx = c0.x + (c1.x - c0.x) * t;
      const cy = c0.y + (c1.y - c0.y) * t;
      this.c.renderer?.setCamera({ ...from, scale, x: w / 2 - cx * scale, y: h / 2 - cy * scale });
    };
    if (reduce) {
      apply(1);
      this.animating = false;
      this.publishZoom();
      return;
    }
    void this.spring.start({
      to: 1,
      config: { tension: 260, friction: 30, clamp: true },
      onChange: () => apply(this.spring.get()),
      onRest: () => {
        this.animating = false;
        this.publishZoom();
      },
    });
  }

  stopAnimation(): void {
    if (this.animating) {
      this.spring.stop();
      this.animating = false;
    }
  }

  /** Zoom buttons' enabled state and "zoomed in" (touch-action) for React; set only when they flip. */
  publishZoom(): void {
    const cam = this.current;
    if (!cam) return;
    const canZoomIn = cam.scale < this.limits.max * 0.999;
    const canZoomOut = cam.scale > this.limits.min * 1.001;
    // 10% past the fit scale: a phone's page scrolls under one finger until the visitor has really zoomed in.
    const zoomedIn = this.fit !== null && cam.scale > this.fit.scale * 1.1;
    const s = this.c.ui.getState();
    if (s.canZoomIn !== canZoomIn || s.canZoomOut !== canZoomOut || s.zoomedIn !== zoomedIn)
      this.c.ui.setState({ canZoomIn, canZoomOut, zoomedIn });
  }

  destroy(): void {
    this.spring.stop();
  }
}
