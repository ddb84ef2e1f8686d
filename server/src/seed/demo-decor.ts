import path from 'node:path';
import type { EntityManager } from 'typeorm';
import { apiDecorOf, COMMITTED_VENUES, loadVenueFile, VENUES_DIR } from '@hotline/seatmaps';

/**
 * A demo database seeded before plans carried their decor: the committed venue files' decor (the theatre's exits and
 * sound desk) written onto the demo plans that have none, so `npm start` on an existing database draws it too. Only
 * the demo's own venue and plan codes, only where decor is still null: a plan staff changed is left alone.
 */
export async function seedDemoDecorIfMissing(tx: EntityManager): Promise<void> {
  for (const name of COMMITTED_VENUES) {
    const doc = loadVenueFile(path.join(VENUES_DIR, `${name}.json`));
    const decor = apiDecorOf(doc.decor);
    if (!decor) continue;
    await tx.query(
      `UPDATE seatplan sp SET decor = $3
         FROM venue v
        WHERE sp.venue_id = v.id AND v.code = $1 AND sp.code = $2 AND sp.decor IS NULL AND sp.document IS NULL`,
      [doc.code, doc.seatplan.code, JSON.stringify(decor)],
    );
  }
}
