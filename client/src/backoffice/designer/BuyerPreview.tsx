import { useEffect, useRef } from 'react';
import { useGesture } from '@use-gesture/react';
import { SeatStatus } from '@hotline/shared';
import { venueDocumentToApiSeatplan } from '@hotline/seatmaps/designer';
import type { SupportedLocale } from '../../i18n/locale';
import { decorLabelIn, sectionNameIn, stageLabelIn } from '../../seatmap/model/plan-names';
import { buildSeatStore } from '../../seatmap/model/seat-store';
import { fitToBounds, panBy, zoomAbout } from '../../seatmap/model/viewport';
import { paletteFor } from '../../seatmap/render/palette';
import { SeatMapRenderer } from '../../seatmap/render/renderer';
import { buildScene } from '../../seatmap/render/scene';
import type { Editor } from './editor/editor';
import { toVenueDocument } from './editor/venue-document';

/**
 * The design as buyers will see it: the venue document turned into the storefront's plan (the model helper's
 * venueDocumentToApiSeatplan) and drawn by the storefront's own renderer, every seat available in its category's
 * colour. Built when opened; it shows the design as it was then (close and open it again after changes).
 */
export function BuyerPreview({ editor, locale, label }: { editor: Editor; locale: SupportedLocale; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const renderer = useRef<SeatMapRenderer | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const plan = venueDocumentToApiSeatplan(toVenueDocument(editor.doc));
    const store = buildSeatStore(plan);
    store.status.fill(SeatStatus.Available);
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
  }, [editor, locale]);

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

  return (
    <div
      ref={host}
      className="designer-canvas designer-preview"
      role="img"
      aria-label={label}
      data-testid="designer-preview"
    />
  );
}
