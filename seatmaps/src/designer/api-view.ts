/**
 * A designer plan as the storefront's renderer takes it, with the way back: which designer seat a drawn ApiSeat is.
 * The canvas draws the draft with client/src/seatmap (what buyers will see) and selects, drags and reports problems
 * by designer ids.
 */
import type { ApiSeat, ApiSeatplan } from '@hotline/shared';
import { venueDocumentToApiSeatplan } from '../api-seatplan';
import { toVenueDocument } from './convert';
import type { DesignerPlan } from './model';

export interface PlanApiView {
  seatplan: ApiSeatplan;
  /** The designer id of a seat of `seatplan`. */
  seatId(seat: Pick<ApiSeat, 'VenueSectionId' | 'XCoordinate' | 'YCoordinate'>): string | undefined;
  /** The designer id of a section of `seatplan` (VenueSectionId is its place in the plan, from 1). */
  sectionId(venueSectionId: number): string | undefined;
}

export function planToApiSeatplan(plan: DesignerPlan): PlanApiView {
  const ids = new Map<string, string>();
  const doc = toVenueDocument(plan, (si, seat, identity) => ids.set(`${si + 1}:${identity.x}:${identity.y}`, seat.id));
  return {
    seatplan: venueDocumentToApiSeatplan(doc),
    seatId: (s) => ids.get(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`),
    sectionId: (n) => plan.sections[n - 1]?.id,
  };
}
