import type { ApiFeature, ApiPresentation } from '@hotline/shared';
import { getFeatures, getPresentations } from '../api/catalogue';
import { jerusalemDateKey } from '../lib/datetime';

export interface CatalogueData {
  features: ApiFeature[];
  presentations: ApiPresentation[];
}

/** Features (all, or the given ids) and their upcoming presentations. */
export async function loadCatalogue(signal: AbortSignal, featureIds?: readonly number[]): Promise<CatalogueData> {
  const features = await getFeatures({ featureIds }, signal);
  if (features.length === 0) return { features, presentations: [] };
  const { presentations } = await getPresentations(
    features.map((f) => f.id),
    signal,
  );
  return { features, presentations };
}

export interface DayGroup {
  /** YYYY-MM-DD in Asia/Jerusalem. */
  dateKey: string;
  /** dateTime of the day's first presentation, for formatting the day heading. */
  firstDateTime: string;
  presentations: ApiPresentation[];
}

/**
 * Presentations that have not started yet, by Jerusalem calendar day, earliest first.
 * (The API lists from the start of today, so earlier shows of today are dropped here.)
 */
export function groupByDay(presentations: readonly ApiPresentation[], now: Date = new Date()): DayGroup[] {
  const upcoming = presentations
    .filter((p) => Date.parse(p.dateTime) > now.getTime())
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime) || a.id - b.id);
  const groups = new Map<string, DayGroup>();
  for (const p of upcoming) {
    const key = jerusalemDateKey(new Date(p.dateTime));
    let group = groups.get(key);
    if (!group) {
      group = { dateKey: key, firstDateTime: p.dateTime, presentations: [] };
      groups.set(key, group);
    }
    group.presentations.push(p);
  }
  return [...groups.values()];
}

/** Lowest "from" price (shekels) over presentations that have one on sale, or null. */
export function lowestPrice(presentations: readonly ApiPresentation[]): number | null {
  let lowest: number | null = null;
  for (const p of presentations) {
    if (p.priceFrom !== null && !p.soldout && (lowest === null || p.priceFrom < lowest)) lowest = p.priceFrom;
  }
  return lowest;
}

export function presentationsOf(featureId: number, presentations: readonly ApiPresentation[]): ApiPresentation[] {
  return presentations.filter((p) => p.featureId === featureId);
}

/**
 * Features with shows still to come first, by their next show; features with nothing
 * on sale keep their catalogue order after them, so the top of the page is bookable.
 */
export function orderFeatures(
  features: readonly ApiFeature[],
  presentations: readonly ApiPresentation[],
  now: Date = new Date(),
): ApiFeature[] {
  const next = new Map<number, number>();
  for (const p of presentations) {
    const at = Date.parse(p.dateTime);
    if (at <= now.getTime()) continue;
    const current = next.get(p.featureId);
    if (current === undefined || at < current) next.set(p.featureId, at);
  }
  return features
    .map((feature, index) => ({ feature, index, next: next.get(feature.id) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.next - b.next || a.index - b.index)
    .map((entry) => entry.feature);
}
