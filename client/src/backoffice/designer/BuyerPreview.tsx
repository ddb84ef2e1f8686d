import { useMemo } from 'react';
import type { SupportedLocale } from '../../i18n/locale';
import type { Editor } from './editor/editor';
import { toVenueDocument } from './editor/venue-document';
import { PlanPreview } from './PlanPreview';

/**
 * The design as buyers will see it, drawn by the storefront's renderer (PlanPreview). Built when opened; it shows the
 * design as it was then (close and open it again after changes).
 */
export function BuyerPreview({ editor, locale, label }: { editor: Editor; locale: SupportedLocale; label: string }) {
  // The design as it was when opened (see above).
  const document = useMemo(() => toVenueDocument(editor.doc), [editor]);
  return <PlanPreview document={document} locale={locale} label={label} className="designer-canvas designer-preview" />;
}
