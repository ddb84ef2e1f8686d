import type { SeatPlanPatch, VenueDocument } from '@hotline/seatmaps/designer';

/** The upload media type: the API reads up to 16 MB of it (inflated), and only on the seat-plan routes. */
export const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';

/** Below this a document goes as it is: compressing a theatre saves nothing a person would wait for. */
const COMPRESS_FROM_BYTES = 256 * 1024;

interface SeatPlanBody {
  text: string | Blob;
  type: string;
  /** `gzip` when compressed (sent as Content-Encoding; the server inflates it under the same 16 MB limit). */
  encoding?: 'gzip';
}

/** A JSON text gzip-compressed by the browser's own CompressionStream (off the main thread's JavaScript). */
function gzipText(json: string): Promise<Blob> {
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).blob();
}

/**
 * A seat plan as the designer uploads it: JSON, gzip-compressed when big (a stadium's 16 MB is about a tenth of that
 * on the wire: an autosave of a big plan no longer sends megabytes over a venue's upload link).
 */
export async function seatPlanBody(json: string): Promise<SeatPlanBody> {
  if (json.length < COMPRESS_FROM_BYTES || typeof CompressionStream === 'undefined')
    return { text: json, type: SEAT_PLAN_MEDIA_TYPE };
  return { text: await gzipText(json), type: SEAT_PLAN_MEDIA_TYPE, encoding: 'gzip' };
}

/** The document's (or a patch's) upload body (designer-api.ts's create and replace). */
export const documentBody = (doc: VenueDocument | SeatPlanPatch): Promise<SeatPlanBody> =>
  seatPlanBody(JSON.stringify(doc));
