import type { VenueDecor, VenueDocument, VenueSection } from '../format';

/**
 * A later save of a draft: what changed against the version the designer last saved, instead of the whole document.
 * The plan's frame (names, location, size, stage, zones: a few kB) is sent whole; `decor` only when it changed (it may
 * hold a 3 MB floor plan); sections in their order, each either the code of the stored section it is unchanged from or
 * the section itself (new, or changed: its seats, outline or names). A one-seat edit of a 100,000-seat stadium sends
 * the frame, 108 codes and one section of about 1,000 seats.
 *
 * The server applies it to the stored document at the revision the save names (a stale revision is the usual 409) and
 * checks the result as it checks a whole document: every refusal of a full save holds for the patched plan.
 */
export interface SeatPlanPatch {
  /** Marks the body as a patch (a venue document never has it). */
  patch: typeof SEAT_PLAN_PATCH_VERSION;
  $schema?: string;
  formatVersion: VenueDocument['formatVersion'];
  code: string;
  name: VenueDocument['name'];
  location: VenueDocument['location'];
  seatplan: VenueDocument['seatplan'];
  zones: VenueDocument['zones'];
  /** Absent: the stored decor; null: none; else the new decor. */
  decor?: VenueDecor | null;
  /** The plan's sections in order: a code stands for the stored section with that code, unchanged. */
  sections: (string | VenueSection)[];
}

export const SEAT_PLAN_PATCH_VERSION = 1 as const;

/** Whether an uploaded body is a patch (checked before its parts are trusted: applySeatPlanPatch checks them). */
export function isSeatPlanPatch(body: unknown): body is SeatPlanPatch {
  return typeof body === 'object' && body !== null && 'patch' in body;
}

/** Why a patch cannot be applied: it is not one, or it names a section the stored version does not have. */
export type SeatPlanPatchRefusal =
  { reason: 'notAPatch'; detail: string } | { reason: 'unknownSection'; code: string; index: number };

/**
 * The document a patch makes of the stored one, not yet checked (the caller validates it as any upload). Pure: the
 * stored document is not changed; its unchanged sections are taken as they are. A refusal when the patch is not of the
 * expected shape or names a section that is not stored (a code twice is the validator's duplicate section code).
 */
export function applySeatPlanPatch(
  stored: VenueDocument,
  patch: unknown,
): { ok: true; document: Record<string, unknown> } | { ok: false; refusal: SeatPlanPatchRefusal } {
  const notAPatch = (detail: string) => ({ ok: false as const, refusal: { reason: 'notAPatch' as const, detail } });
  if (!isSeatPlanPatch(patch) || patch.patch !== SEAT_PLAN_PATCH_VERSION)
    return notAPatch(`patch must be ${SEAT_PLAN_PATCH_VERSION}`);
  if (!Array.isArray(patch.sections)) return notAPatch('sections must be an array');
  const byCode = new Map(stored.sections.map((s) => [s.code, s] as const));
  const sections: unknown[] = [];
  for (const [index, entry] of patch.sections.entries()) {
    if (typeof entry !== 'string') {
      // A section sent whole: its shape is the validator's to check.
      sections.push(entry);
      continue;
    }
    const kept = byCode.get(entry);
    if (!kept) return { ok: false, refusal: { reason: 'unknownSection', code: entry, index } };
    sections.push(kept);
  }
  const { patch: _marker, decor, sections: _sections, ...frame } = patch;
  const document: Record<string, unknown> = { ...frame, sections };
  const nextDecor = decor === undefined ? stored.decor : decor;
  if (nextDecor) document.decor = nextDecor;
  return { ok: true, document };
}

/**
 * A patch from the designer's document: `frame` is the plan as the venue format writes it (its sections are not
 * read: the designer converts only the sections that changed), `sections` the plan's sections in order, each the code
 * of the section as last saved (unchanged: the designer knows it by its entities' identity, without comparing 100,000
 * seats) or the section converted. `decorChanged`: whether `frame.decor` is sent (else the stored decor stays).
 */
export function seatPlanPatch(
  frame: VenueDocument,
  sections: (string | VenueSection)[],
  decorChanged: boolean,
): SeatPlanPatch {
  const { sections: _all, decor, ...rest } = frame;
  const patch: SeatPlanPatch = { patch: SEAT_PLAN_PATCH_VERSION, ...rest, sections };
  if (decorChanged) patch.decor = decor ?? null;
  return patch;
}
