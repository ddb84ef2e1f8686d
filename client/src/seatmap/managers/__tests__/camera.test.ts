import { describe, expect, it } from '@jest/globals';
import type { SeatMapController } from '../../controller';
import { createUiStore } from '../../ui-state';
import { fitToBounds, type Camera } from '../../model/viewport';
import { CameraManager } from '../camera';

/** A venue 1000 x 600 plan units from (0, 0), seats 10 units: only what the camera manager reads. */
function manager(): CameraManager {
  const c = {
    store: { bounds: { minX: 0, minY: 0, maxX: 1000, maxY: 600 }, typicalSeatSize: 10 },
    renderer: null,
    ui: createUiStore(),
  } as unknown as SeatMapController;
  return new CameraManager(c);
}

describe('CameraManager.fitCamera: the whole venue, above the phone bar', () => {
  it.each([
    // name, viewport, bottom inset, venue bottom must end at or above
    ['desktop, no bar', 1200, 800, 0, 800],
    ['desktop-sized, a bar over the bottom', 1200, 800, 150, 650],
    ['phone, no bar: near the top', 390, 724, 0, 724],
    ['phone, bar over the bottom', 390, 724, 110, 614],
    ['phone, bar and map below the fold (inset 60% of the map)', 390, 724, 434, 290],
  ])('%s', (_name, width, height, inset, bottomLimit) => {
    const m = manager();
    m.bottomInset = inset;
    const cam = m.fitCamera(width, height);
    const top = cam.y;
    const bottom = 600 * cam.scale + cam.y;
    const left = cam.x;
    const right = 1000 * cam.scale + cam.x;
    expect(bottom).toBeLessThanOrEqual(bottomLimit + 1e-6);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width + 1e-6);
    expect(cam.viewportHeight).toBe(height);
  });

  it('no bar: the same fit as before the inset existed (fitToBounds, padded 24 px)', () => {
    expect(manager().fitCamera(1200, 800)).toEqual(
      fitToBounds({ minX: 0, minY: 0, maxX: 1000, maxY: 600 }, 1200, 800, 24),
    );
  });

  it('a bar makes the fit smaller exactly when the height is what limits it', () => {
    const m = manager();
    const free = m.fitCamera(1200, 800).scale;
    m.bottomInset = 150;
    expect(m.fitCamera(1200, 800).scale).toBeLessThan(free);
    // A phone's fit is limited by the width: a small bar changes nothing but the room below.
    const phone = manager();
    const phoneFree = phone.fitCamera(390, 724).scale;
    phone.bottomInset = 110;
    expect(phone.fitCamera(390, 724).scale).toBeCloseTo(phoneFree);
  });
});

describe('CameraManager.clampPan keeps a quarter of the visible map on the venue', () => {
  it.each([
    ['no bar', 0, 800 * 0.25 - 600],
    ['a 200 px bar: the venue can rise above it, not further', 200, 600 * 0.25 - 600],
  ])('%s', (_name, inset, minY) => {
    const m = manager();
    m.bottomInset = inset;
    const cam = { scale: 1, x: 0, y: -5000, rotation: 0, viewportWidth: 1200, viewportHeight: 800 };
    expect(m.clampPan(cam).y).toBeCloseTo(minY);
  });
});

/** A manager over a stand-in renderer that records the camera: enough for moves, frame changes and the bar. */
function withRenderer(width: number, height: number) {
  const renderer: {
    camera: Camera;
    bottomInset: number;
    setCamera(cam: Camera): void;
    resize(w: number, h: number): void;
    staticChanged(): void;
  } = {
    camera: { x: 0, y: 0, scale: 1, rotation: 0, viewportWidth: width, viewportHeight: height },
    bottomInset: 0,
    setCamera(cam: Camera) {
      renderer.camera = { ...cam };
    },
    resize(w: number, h: number) {
      renderer.camera = { ...renderer.camera, viewportWidth: w, viewportHeight: h };
    },
    staticChanged() {},
  };
  const c = {
    store: { bounds: { minX: 0, minY: 0, maxX: 1000, maxY: 600 }, typicalSeatSize: 10, x: [500], y: [590] },
    renderer,
    ui: createUiStore(),
    selection: { has: () => true },
  } as unknown as SeatMapController;
  const m = new CameraManager(c);
  renderer.camera = m.refit(width, height);
  return { m, renderer };
}

describe('CameraManager: "the whole venue" asked for while the frame or the bar changes still ends on the whole venue', () => {
  // On a phone the buyer picks a seat (zoomed in; the bar appears and settles in steps) and at once asks for the whole
  // venue. A frame change or a bar step that lands while that move is in flight used to stop it where it was, or pan
  // back to the picked seat: the buyer saw neither the venue nor what they asked for.
  const zoomedOnSeat = (m: CameraManager, r: { camera: { viewportWidth: number; viewportHeight: number } }) => {
    m.set({ ...r.camera, scale: 3, x: -500 * 3 + 195, y: -590 * 3 + 300 } as never);
    m.keepAboveBar(0);
  };

  it.each([
    ['the frame resizes', (m: CameraManager) => m.resize(1200, 700)],
    ['the bar settles at a new height', (m: CameraManager) => m.setBottomInset(180)],
    [
      'both, bar first',
      (m: CameraManager) => {
        m.setBottomInset(180);
        m.resize(1200, 700);
      },
    ],
  ])('%s', (_name, change) => {
    const { m, renderer } = withRenderer(1200, 800);
    m.setBottomInset(120);
    zoomedOnSeat(m, renderer);
    m.reset(); // animated: in flight when the change lands
    change(m);
    // Either the camera is on the new frame's whole venue, or a move to it is in flight.
    const fit = m.fit!;
    const at = renderer.camera;
    const inner = m as unknown as { animating: boolean; target: typeof fit | null };
    const end = at.scale === fit.scale && at.x === fit.x && at.y === fit.y ? at : inner.animating ? inner.target : null;
    expect(end).not.toBeNull();
    expect(end!.scale).toBeCloseTo(fit.scale, 9);
    expect(end!.x).toBeCloseTo(fit.x, 6);
    expect(end!.y).toBeCloseTo(fit.y, 6);
  });
});
