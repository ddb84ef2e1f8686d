import { useMemo } from 'react';
import { venueDocumentToApiSeatplan } from '@hotline/seatmaps/designer';
import type { SupportedLocale } from '../../i18n/locale';
import { PlanPreview } from '../../seatmap/PlanPreview';
import type { Editor } from './editor/editor';
import { toVenueDocument } from './editor/venue-document';

/**
 * The design as buyers will see it, drawn by the storefront's renderer (PlanPreview). Built when opened; it shows the
 * design as it was then (close and open it again after changes).
 */
export function BuyerPreview({ editor, locale, label }: { editor: Editor; locale: SupportedLocale; label: string }) {
  // The design as it was when opened (see above).
  const plan = useMemo(() => venueDocumentToApiSeatplan(toVenueDocument(editor.doc)), [editor]);
  return <PlanPreview plan={plan} locale={locale} label={label} className="designer-canvas designer-preview" />;
}
