import { useEffect, useRef } from 'react';
import { useGesture } from '@use-gesture/react';
import { SeatStatus, type ApiSeatplan } from '@hotline/shared';
import type { SupportedLocale } from '../i18n/locale';
import { decorLabelIn, sectionNameIn, stageLabelIn } from './model/plan-names';
import { buildSeatStore } from './model/seat-store';
import { fitToBounds, panBy, zoomAbout } from './model/viewport';
import { paletteFor } from './render/palette';
import { SeatMapRenderer } from './render/renderer';
import { buildScene } from './render/scene';

/**
 * A seat plan as buyers will see it, for staff: the storefront's plan (a venue document turned into it by the model
 * helper's venueDocumentToApiSeatplan, what the server serves for it) drawn by the storefront's own renderer,
 * read-only, every seat available in its category's colour; wheel and drag move the view. `data-seats`: how many
 * seats it drew. In the seat map's chunk (the back office loads it lazily), so no shared chunk imports the map's.
 */
export function PlanPreview({
  plan,
  locale,
  label,
  className = '',
  testId = 'designer-preview',
}: {
  plan: ApiSeatplan;
  locale: SupportedLocale;
  label: string;
  className?: string;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const renderer = useRef<SeatMapRenderer | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const store = buildSeatStore(plan);
    store.status.fill(SeatStatus.Available);
    el.dataset.seats = String(store.count);
    const scene = buildScene(store, plan, paletteFor('default'), new Map(plan.Zones.map((z) => [z.ZoneId, z.Color])));
    const { width, height } = el.getBoundingClientRect();
    const camera = fitToBounds({ minX: 0, minY: 0, maxX: plan.Width, maxY: plan.Height }, width, height, 16);
    const r = new SeatMapRenderer(el, camera, {
      scene,
      pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
      largeLabels: false,
      sectionName: (s) => sectionNameIn(store.sections[s]!, locale),
      stageLabel: () => stageLabelIn(plan.Stage, locale),
      decorLabel: (label) => decorLabelIn(label, locale),
      gaCaption: () => '',
      bitmapBudget: 16e6,
    });
    renderer.current = r;
    const ro = new ResizeObserver(() => {
      const b = el.getBoundingClientRect();
      if (b.width > 0 && b.height > 0) r.resize(b.width, b.height);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      r.destroy();
      renderer.current = null;
    };
  }, [plan, locale]);

  useGesture(
    {
      onWheel: ({ event, delta: [, dy] }) => {
        event.preventDefault();
        const r = renderer.current;
        if (!r) return;
        const b = host.current!.getBoundingClientRect();
        r.setCamera(
          zoomAbout(r.camera, Math.exp(-dy / 300), event.clientX - b.left, event.clientY - b.top, {
            min: 0.02,
            max: 40,
          }),
        );
      },
      onDrag: ({ delta: [dx, dy] }) => {
        const r = renderer.current;
        if (r) r.setCamera(panBy(r.camera, dx, dy));
      },
    },
    { target: host, eventOptions: { passive: false } },
  );

  return <div ref={host} className={className} role="img" aria-label={label} data-testid={testId} />;
}
