import type { ApiDecorLabel, ApiSeatplan, ApiTicketGroup } from '@hotline/shared';
import { pickText } from '../../lib/localized';
import type { SupportedLocale } from '../../lib/rules';
import type { SectionInfo } from './seat-store';

/**
 * The seat map's words from the plan and the catalogue in the visitor's language: the stage or screen
 * label, section names and price-group names. Each language shows its own text, then the English, then the Hebrew
 * (the storefront's one rule, lib/localized.ts pickText).
 */
export function sectionNameIn(
  section: Pick<SectionInfo, 'name' | 'nameEn' | 'nameRu' | 'nameAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, section.name, section.nameEn, section.nameRu, section.nameAr);
}

export function stageLabelIn(stage: ApiSeatplan['Stage'], locale: SupportedLocale): string | null {
  if (!stage) return null;
  return pickText(locale, stage.label, stage.labelEn, stage.labelRu, stage.labelAr) || null;
}

/** A decor text or shape label (the plan's "Exit", "Bar"): the same rule as every other name on the map. */
export function decorLabelIn(label: ApiDecorLabel, locale: SupportedLocale): string {
  return pickText(locale, label.he, label.en, label.ru ?? null, label.ar ?? null);
}

export function groupNameIn(
  group: Pick<ApiTicketGroup, 'name' | 'nameEn' | 'nameRu' | 'nameAr'>,
  locale: SupportedLocale,
): string {
  return pickText(locale, group.name, group.nameEn, group.nameRu, group.nameAr);
}
