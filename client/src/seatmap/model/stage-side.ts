import type { ApiSeatplan } from '@hotline/shared';

/** Where the stage lies on the map as drawn (the map is never mirrored, so left and right are the screen's). */
export type StageSide = 'top' | 'bottom' | 'left' | 'right' | 'middle';

/**
 * The side of the plan the stage is on, for the map's words to a screen reader ("the stage is at the top"): the
 * stage's centre against the plan's, each axis as a share of the plan's size, the larger share winning. A stage within
 * a tenth of the centre on both axes (an arena's centre stage) is in the middle.
 */
export function stageSide(plan: Pick<ApiSeatplan, 'Stage' | 'Width' | 'Height'>): StageSide | null {
  const stage = plan.Stage;
  if (!stage || plan.Width <= 0 || plan.Height <= 0) return null;
  const dx = (stage.x + stage.width / 2 - plan.Width / 2) / plan.Width;
  const dy = (stage.y + stage.height / 2 - plan.Height / 2) / plan.Height;
  if (Math.abs(dx) < 0.1 && Math.abs(dy) < 0.1) return 'middle';
  if (Math.abs(dy) >= Math.abs(dx)) return dy < 0 ? 'top' : 'bottom';
  return dx < 0 ? 'left' : 'right';
}
