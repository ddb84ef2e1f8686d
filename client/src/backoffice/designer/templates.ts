import { designerTemplates } from '@hotline/seatmaps/designer';
import { emptyDoc, type DesignerDoc, type Meta } from './editor/doc';
import { planToDoc } from './editor/venue-document';

export type TemplateId = 'empty' | 'cinema' | 'small-arena' | 'theatre' | 'arena';
export const TEMPLATES: readonly TemplateId[] = ['empty', 'cinema', 'small-arena', 'theatre', 'arena'];

/**
 * Starting points offered on the new-plan screen: the model's templates (designerTemplates: the generators' cinema,
 * theatre and arena, a small arena drawn with the model's sector rows), opened in the editor for the chosen venue.
 * The arena (15,000 seats) is offered since saves are compressed: its autosave is about 0.1 MB on the wire, and its
 * copy on this device (about 2.5 MB) fits the browser's storage. The stadium (100,000 seats) is not: its 16 MB copy
 * on this device does not fit localStorage (about 5 million characters an origin), so a closed tab would lose its
 * unsaved changes, and every autosave writes all its seats again (about 1.5 s of PostgreSQL's CPU) until saves send
 * only what changed (docs/decisions/040). It can still be opened from its file.
 */
export function templateDoc(id: TemplateId, venue: Meta['venue']): DesignerDoc {
  if (id === 'empty') return emptyDoc(venue);
  const template = designerTemplates().find((t) => t.id === id)!;
  const doc = planToDoc(template.build({ businessId: venue.businessId }));
  doc.meta = { ...doc.meta, venue };
  return doc;
}
