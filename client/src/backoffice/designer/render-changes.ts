import type { PlanDiff, PlanPoint } from '@hotline/seatmaps/designer';
import type { ChangeKind } from './editor/version-changes';

/**
 * How each kind of change is marked on the map and in the legend: a colour and a shape of its own, so the kinds are
 * told apart without seeing colour (added: a ring with a plus; removed: a dashed ring with a cross, where the seat
 * was; renumbered: a square; moved: a diamond). Colours are dark enough for 3:1 against the white sheet.
 */
export const CHANGE_COLOURS: Record<ChangeKind, string> = {
  added: '#1a7f37',
  removed: '#cf222e',
  renumbered: '#9a6700',
  moved: '#0550ae',
};

/** Marks every changed seat, one path per kind; `r` is a seat's radius, `px` one screen pixel in plan units. */
export function renderChanges(ctx: CanvasRenderingContext2D, diff: PlanDiff, r: number, px: number): void {
  const m = Math.max(r * 1.5, 5 * px);
  ctx.lineWidth = 2 * px;
  const kinds: [ChangeKind, readonly { at: PlanPoint }[]][] = [
    ['removed', diff.removed],
    ['added', diff.added],
    ['renumbered', diff.renumbered],
    ['moved', diff.moved],
  ];
  for (const [kind, seats] of kinds) {
    if (!seats.length) continue;
    ctx.beginPath();
    for (const { at } of seats) mark(ctx, kind, at.x, at.y, m);
    ctx.setLineDash(kind === 'removed' ? [3 * px, 2 * px] : []);
    ctx.strokeStyle = CHANGE_COLOURS[kind];
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

function mark(ctx: CanvasRenderingContext2D, kind: ChangeKind, x: number, y: number, m: number): void {
  const k = m * 0.5;
  switch (kind) {
    case 'added':
      ctx.moveTo(x + m, y);
      ctx.arc(x, y, m, 0, Math.PI * 2);
      ctx.moveTo(x - k, y);
      ctx.lineTo(x + k, y);
      ctx.moveTo(x, y - k);
      ctx.lineTo(x, y + k);
      break;
    case 'removed':
      ctx.moveTo(x + m, y);
      ctx.arc(x, y, m, 0, Math.PI * 2);
      ctx.moveTo(x - k, y - k);
      ctx.lineTo(x + k, y + k);
      ctx.moveTo(x + k, y - k);
      ctx.lineTo(x - k, y + k);
      break;
    case 'renumbered':
      ctx.rect(x - m, y - m, m * 2, m * 2);
      break;
    case 'moved':
      ctx.moveTo(x, y - m * 1.2);
      ctx.lineTo(x + m * 1.2, y);
      ctx.lineTo(x, y + m * 1.2);
      ctx.lineTo(x - m * 1.2, y);
      ctx.closePath();
      break;
  }
}
