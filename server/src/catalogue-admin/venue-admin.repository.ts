import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminSeatPlanSummary, AdminVenue, AdminVenueInput, VenueKind } from '@hotline/shared';
import type { VenueDocument } from '@hotline/seatmaps';
import { namesOf, type NamedRow } from './named-rows';
import {
  insertSeatPlan,
  insertVenue,
  materialiseSeatPlan,
  replaceDraftSeatPlan,
  translatedNames,
} from './venue-writer';

const PLAN_COLUMNS = `sp.id, sp.venue_id, sp.code, sp.name, sp.name_en, sp.translations, sp.version, sp.revision,
  sp.seat_count, sp.published_at,
  (SELECT count(*)::int FROM section s WHERE s.seatplan_id = sp.id) AS section_count,
  (SELECT count(*)::int FROM zone z WHERE z.seatplan_id = sp.id) AS zone_count,
  (SELECT count(*)::int FROM presentation p WHERE p.seatplan_id = sp.id) AS presentation_count`;

interface PlanRow extends NamedRow {
  id: number;
  venue_id: number;
  code: string;
  version: number;
  revision: number;
  seat_count: number;
  published_at: Date | null;
  section_count: number;
  zone_count: number;
  presentation_count: number;
}

function toPlan(r: PlanRow): AdminSeatPlanSummary {
  return {
    id: Number(r.id),
    venueId: Number(r.venue_id),
    code: r.code,
    name: namesOf(r),
    version: r.version,
    status: r.published_at ? 'published' : 'draft',
    revision: r.revision,
    seatCount: r.seat_count,
    sectionCount: r.section_count,
    zoneCount: r.zone_count,
    publishedAt: r.published_at ? r.published_at.toISOString() : null,
    presentationCount: r.presentation_count,
  };
}

interface VenueRowDb extends NamedRow {
  id: number;
  business_id: number;
  location_id: number;
  code: string;
  address: string;
  kind: VenueKind;
  revision: number;
}

/** A seat plan with what its checks need: the owning business and whether it is still a draft. */
export interface SeatPlanRef {
  plan: AdminSeatPlanSummary;
  businessId: number;
}

/** Venues and seat-plan versions in PostgreSQL; writes go through venue-writer.ts (the seed's way too). */
@Injectable()
export class VenueAdminRepository {
  constructor(private readonly db: DataSource) {}

  async listVenues(businessIds: readonly number[] | null): Promise<AdminVenue[]> {
    const venues: VenueRowDb[] = await this.db.query(
      `SELECT v.id, l.business_id, v.location_id, v.code, v.name, v.name_en, v.translations, l.address, v.kind,
              v.revision
         FROM venue v JOIN location l ON l.id = v.location_id
        WHERE $1::int[] IS NULL OR l.business_id = ANY($1)
        ORDER BY v.id`,
      [businessIds],
    );
    if (venues.length === 0) return [];
    const plans: PlanRow[] = await this.db.query(
      `SELECT ${PLAN_COLUMNS} FROM seatplan sp WHERE sp.venue_id = ANY($1) ORDER BY sp.code, sp.version`,
      [venues.map((v) => v.id)],
    );
    return venues.map((v) =>
      this.toVenue(
        v,
        plans.filter((p) => Number(p.venue_id) === Number(v.id)),
      ),
    );
  }

  async venue(id: number, tx: EntityManager = this.db.manager): Promise<AdminVenue | null> {
    const [v]: VenueRowDb[] = await tx.query(
      `SELECT v.id, l.business_id, v.location_id, v.code, v.name, v.name_en, v.translations, l.address, v.kind,
              v.revision
         FROM venue v JOIN location l ON l.id = v.location_id WHERE v.id = $1`,
      [id],
    );
    if (!v) return null;
    const plans: PlanRow[] = await tx.query(
      `SELECT ${PLAN_COLUMNS} FROM seatplan sp WHERE sp.venue_id = $1 ORDER BY sp.code, sp.version`,
      [id],
    );
    return this.toVenue(v, plans);
  }

  private toVenue(v: VenueRowDb, plans: PlanRow[]): AdminVenue {
    return {
      id: Number(v.id),
      businessId: Number(v.business_id),
      locationId: Number(v.location_id),
      code: v.code,
      name: namesOf(v),
      address: v.address,
      kind: v.kind,
      revision: v.revision,
      seatPlans: plans.map(toPlan),
    };
  }

  async codeTaken(code: string): Promise<boolean> {
    const [row] = await this.db.query(
      'SELECT 1 FROM venue WHERE code = $1 UNION ALL SELECT 1 FROM location WHERE code = $1 LIMIT 1',
      [code],
    );
    return Boolean(row);
  }

  /** A venue in its own new location (same code, name and address): the common case of one hall per building. */
  async createVenue(input: AdminVenueInput): Promise<number> {
    return this.db.transaction(async (tx) => {
      const written = await insertVenue(tx, {
        location: { businessId: input.businessId, code: input.code, name: input.name, address: input.address },
        code: input.code,
        name: input.name,
        kind: input.kind,
      });
      return written.venueId;
    });
  }

  /**
   * Changes a venue's names, address and kind if it is still at `revision`: true when changed, false when someone
   * changed it first (the caller answers with the current state).
   */
  async updateVenue(
    id: number,
    revision: number,
    input: Omit<AdminVenueInput, 'businessId' | 'code'>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const names = JSON.stringify(translatedNames(input.name));
      const result: unknown[] = await tx.query(
        `UPDATE venue SET name = $3, name_en = $4, translations = $5, kind = $6, revision = revision + 1
          WHERE id = $1 AND revision = $2 RETURNING location_id`,
        [id, revision, input.name.he, input.name.en, names, input.kind],
      );
      // TypeORM answers an UPDATE … RETURNING with [rows, count].
      const row = (Array.isArray(result[0]) ? result[0] : result)[0] as { location_id: number } | undefined;
      if (!row) return false;
      await tx.query('UPDATE location SET address = $2 WHERE id = $1', [row.location_id, input.address]);
      return true;
    });
  }

  async seatPlan(id: number): Promise<SeatPlanRef | null> {
    const [row]: (PlanRow & { business_id: number })[] = await this.db.query(
      `SELECT ${PLAN_COLUMNS}, l.business_id
         FROM seatplan sp JOIN venue v ON v.id = sp.venue_id JOIN location l ON l.id = v.location_id
        WHERE sp.id = $1`,
      [id],
    );
    return row ? { plan: toPlan(row), businessId: Number(row.business_id) } : null;
  }

  /** The document a version was made from (null for plans loaded before versions kept it: the demo's). */
  async seatPlanDocument(id: number): Promise<VenueDocument | null> {
    const [row] = await this.db.query('SELECT document FROM seatplan WHERE id = $1', [id]);
    return (row?.document as VenueDocument | null | undefined) ?? null;
  }

  /** A version's revision with its document as of that revision (a patch is applied to it). */
  async revisionDocument(id: number): Promise<{ revision: number; document: VenueDocument | null } | null> {
    const [row] = await this.db.query('SELECT revision, document FROM seatplan WHERE id = $1', [id]);
    return row ? { revision: row.revision, document: (row.document as VenueDocument | null) ?? null } : null;
  }

  /** The next version of the venue's plan with the document's code, as a draft. */
  async createDraft(venueId: number, doc: VenueDocument): Promise<number> {
    return this.db.transaction(async (tx) => {
      // One upload at a time per venue: two at once would both read the same last version.
      await tx.query('SELECT id FROM venue WHERE id = $1 FOR UPDATE', [venueId]);
      const [{ next }] = await tx.query(
        'SELECT coalesce(max(version), 0) + 1 AS next FROM seatplan WHERE venue_id = $1 AND code = $2',
        [venueId, doc.seatplan.code],
      );
      const written = await insertSeatPlan(tx, {
        venueId,
        doc,
        version: Number(next),
        published: false,
        keepDocument: true,
      });
      return written.seatplanId;
    });
  }

  /**
   * Replaces a draft's document if it is still a draft at `revision`. 'published' or 'stale' when not (nothing
   * changed); 'replaced' otherwise.
   */
  async replaceDraft(id: number, revision: number, doc: VenueDocument): Promise<'replaced' | 'published' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, published_at FROM seatplan WHERE id = $1 FOR UPDATE', [id]);
      if (row.published_at) return 'published';
      if (row.revision !== revision) return 'stale';
      await replaceDraftSeatPlan(tx, id, doc);
      return 'replaced';
    });
  }

  /**
   * Publishes a draft at `revision`; from then on it never changes. `doc` is its document at that revision (read and
   * checked by the caller; the revision makes sure it is still the one): its groups and seats are written now, a draft
   * having only its document (null: a version loaded before versions kept it, whose rows are whole already).
   */
  async publish(id: number, revision: number, doc: VenueDocument | null): Promise<'published' | 'already' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, published_at FROM seatplan WHERE id = $1 FOR UPDATE', [id]);
      if (row.published_at) return 'already';
      if (row.revision !== revision) return 'stale';
      if (doc) await materialiseSeatPlan(tx, id, doc);
      await tx.query('UPDATE seatplan SET published_at = now(), revision = revision + 1 WHERE id = $1', [id]);
      return 'published';
    });
  }
}
