import type { LabelKind, LabelSink } from './label-layout';
import type { SeatPalette } from './palette';
import type { SceneData } from './scene';
import { haloText, pinnedText, plainText, textWidth } from './text';

/** A label as drawn, for tests (window.__seatmap.labels()): w is the text's measured width (CSS px). */
export interface DrawnLabel {
  kind: LabelKind | 'seatNumber';
  text: string;
  x: number;
  y: number;
  px: number;
  w: number;
}

/** Halo-text colours per label kind (row names and the stage name inside its marker are plain text). */
const LABEL_COLOUR: Record<LabelKind, (p: SeatPalette) => string> = {
  stage: (p) => p.sectionLabel,
  stageInside: (p) => p.stageText,
  section: (p) => p.sectionLabel,
  sectionSoldOut: (p) => p.unavailable,
  caption: (p) => p.sectionLabel,
  captionSoldOut: (p) => p.unavailable,
  gaHeld: (p) => p.selected,
  row: (p) => p.rowLabel,
  rowPinned: (p) => p.rowLabel,
};

/**
 * What draws the label layout's output (label-layout.ts) on a context in screen space (CSS px times the pixel ratio
 * already set): the storefront's map and the seat-plan designer paint labels with this one sink. `record` collects
 * what was drawn (tests).
 */
export function labelPainter(ctx: CanvasRenderingContext2D, scene: SceneData, record: DrawnLabel[] | null): LabelSink {
  const pal = scene.palette;
  let numberPx = 0;
  return {
    text: (kind, text, x, y, px, weight) => {
      if (record) record.push({ kind, text, x, y, px, w: textWidth(ctx, text, px, weight) });
      if (kind === 'rowPinned') pinnedText(ctx, text, x, y, px, pal.rowLabel, '#ffffff', weight);
      else if (kind === 'row') plainText(ctx, text, x, y, px, pal.rowLabel, weight);
      else if (kind === 'stageInside') plainText(ctx, text, x, y, px, pal.stageText, weight);
      else haloText(ctx, text, x, y, px, LABEL_COLOUR[kind](pal), pal.labelHalo, weight);
    },
    beginSeatNumbers: (px) => {
      numberPx = px;
      ctx.font = `600 ${px}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.direction = 'ltr';
    },
    seatNumber: (i, x, y) => {
      if (record) {
        const text = scene.store.seatName[i]!;
        record.push({ kind: 'seatNumber', text, x, y, px: numberPx, w: textWidth(ctx, text, numberPx, 600) });
      }
      ctx.fillStyle = scene.inks[scene.cls[i]!]!;
      ctx.fillText(scene.store.seatName[i]!, x, y);
    },
  };
}
