import { designerTemplates } from '@hotline/seatmaps/designer';
import { emptyDoc, type DesignerDoc, type Meta } from './editor/doc';
import { planToDoc } from './editor/venue-document';

export type TemplateId = 'empty' | 'cinema' | 'small-arena' | 'theatre' | 'arena' | 'stadium';
export const TEMPLATES: readonly TemplateId[] = ['empty', 'cinema', 'small-arena', 'theatre', 'arena', 'stadium'];

/**
 * Starting points offered on the new-plan screen: the model's templates (designerTemplates: the generators' cinema,
 * theatre, arena and stadium, a small arena drawn with the model's sector rows), opened in the editor for the chosen
 * venue. The stadium (100,000 seats) is offered since its copy on this device is kept in IndexedDB (persistence.ts:
 * its 16 MB did not fit localStorage) and a later save sends only what changed (save-body.ts, decision 047): an
 * autosave after moving a section sends that section, not 100,000 seats.
 */
export function templateDoc(id: TemplateId, venue: Meta['venue']): DesignerDoc {
  if (id === 'empty') return emptyDoc(venue);
  const template = designerTemplates().find((t) => t.id === id)!;
  const doc = planToDoc(template.build({ businessId: venue.businessId }));
  doc.meta = { ...doc.meta, venue };
  return doc;
}
