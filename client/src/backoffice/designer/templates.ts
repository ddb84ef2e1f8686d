import { designerTemplates } from '@hotline/seatmaps/designer';
import { emptyDoc, type DesignerDoc, type Meta } from './editor/doc';
import { planToDoc } from './editor/venue-document';

export type TemplateId = 'empty' | 'cinema' | 'small-arena' | 'theatre';
export const TEMPLATES: readonly TemplateId[] = ['empty', 'cinema', 'small-arena', 'theatre'];

/**
 * Starting points offered on the new-plan screen: the model's templates (designerTemplates: the generators' cinema and
 * theatre, a small arena drawn with the model's sector rows), opened in the editor for the chosen venue. The large
 * ones (arena, stadium) are left out here: building 15,000-100,000 seats on a click would stall the page.
 */
export function templateDoc(id: TemplateId, venue: Meta['venue']): DesignerDoc {
  if (id === 'empty') return emptyDoc(venue);
  const template = designerTemplates().find((t) => t.id === id)!;
  const doc = planToDoc(template.build({ businessId: venue.businessId }));
  doc.meta = { ...doc.meta, venue };
  return doc;
}
