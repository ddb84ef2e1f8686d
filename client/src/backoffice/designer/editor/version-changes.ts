import { diffPlans, type DesignerPlan, type PlanDiff } from '@hotline/seatmaps/designer';
import type { DesignerDoc } from './doc';
import { docToPlan } from './venue-document';

/**
 * A draft against the plan's published version: what the model's `diffPlans` finds (seats added, removed,
 * renumbered, moved), what the screen draws and counts, and what must be confirmed before publishing.
 */

export const CHANGE_KINDS = ['added', 'removed', 'renumbered', 'moved'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The published version a draft is compared with. */
export interface Comparison {
  version: number;
  plan: DesignerPlan;
}

interface VersionRef {
  id: number;
  code: string;
  version: number;
  status: 'draft' | 'published';
}

/**
 * The version a draft replaces on the storefront: the newest published version of the same plan code, other than the
 * draft itself and older than it (a draft not saved yet has no version: every published one is older).
 */
export function publishedBefore<P extends VersionRef>(
  plans: readonly P[],
  code: string,
  draft: { id: number; version: number } | null,
): P | null {
  let best: P | null = null;
  for (const p of plans) {
    if (p.status !== 'published' || p.code !== code || p.id === draft?.id) continue;
    if (draft && p.version >= draft.version) continue;
    if (!best || p.version > best.version) best = p;
  }
  return best;
}

export function changesAgainst(published: DesignerPlan, doc: DesignerDoc): PlanDiff {
  return diffPlans(published, docToPlan(doc));
}

export function changeCounts(diff: PlanDiff): Record<ChangeKind, number> {
  return {
    added: diff.added.length,
    removed: diff.removed.length,
    renumbered: diff.renumbered.length,
    moved: diff.moved.length,
  };
}

/**
 * Seats of the published version that publishing would take away or relabel: they may be sold on dates that use
 * it, so publishing asks first. Null when nothing of the kind changed (added and moved seats only).
 */
export function publishRisk(diff: PlanDiff): { removed: number; renumbered: number } | null {
  const removed = diff.removed.length;
  const renumbered = diff.renumbered.length;
  return removed || renumbered ? { removed, renumbered } : null;
}
