import { smallVenue } from '../../__tests__/fixture';
import type { VenueDecor, VenueDocument, VenueSection } from '../../format';
import { SeatmapValidationError, validateVenue } from '../../validate';
import { applySeatPlanPatch, isSeatPlanPatch, seatPlanPatch, type SeatPlanPatchRefusal } from '../patch';

/** The stored version: a validated document (defaults filled in), as the server keeps it. */
const stored = (): VenueDocument => validateVenue(smallVenue(), 'stored');
const codes = (d: Record<string, unknown>) => (d.sections as VenueSection[]).map((s) => s.code);

/** The patch the designer sends for `next` against `base`: the sections `changed` names sent whole, the rest by code. */
function patchOf(next: VenueDocument, changed: string[], decorChanged = false) {
  return seatPlanPatch(
    next,
    next.sections.map((s) => (changed.includes(s.code) ? s : s.code)),
    decorChanged,
  );
}

describe('applySeatPlanPatch: the stored document and a patch make the saved plan', () => {
  it.each<[string, (d: VenueDocument) => string[]]>([
    ['nothing changed', () => []],
    [
      'a seat moved',
      (d) => {
        d.sections[0]!.groups[0]!.rows[0]!.seats[0]!.xOffsetPercent += 1;
        return ['stalls'];
      },
    ],
    [
      'a seat removed',
      (d) => {
        d.sections[0]!.groups[0]!.rows[0]!.seats.pop();
        return ['stalls'];
      },
    ],
    [
      'a section added at the front',
      (d) => {
        d.sections.unshift({ ...structuredClone(d.sections[1]!), code: 'balcony' });
        return ['balcony'];
      },
    ],
    [
      'a section removed',
      (d) => {
        d.sections.splice(1, 1);
        return [];
      },
    ],
    [
      'sections reordered',
      (d) => {
        d.sections.reverse();
        return [];
      },
    ],
    [
      'a section renamed by its code (sent whole under the new one)',
      (d) => {
        d.sections[1]!.code = 'pit';
        return ['pit'];
      },
    ],
    [
      'the frame changed: the plan resized, a zone recoloured',
      (d) => {
        d.seatplan.width = 1200;
        d.zones[0]!.color = '#000000';
        return [];
      },
    ],
  ])('%s', (_, edit) => {
    const base = stored();
    const next = stored();
    const changed = edit(next);
    const result = applySeatPlanPatch(base, patchOf(next, changed));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(validateVenue(result.document, 'patched')).toEqual(next);
    // Unchanged sections are the stored ones, not copies: nothing of them was sent.
    for (const s of result.document.sections as VenueSection[])
      if (!changed.includes(s.code)) expect(base.sections).toContain(s);
  });

  const DECOR: VenueDecor = { texts: [{ x: 1, y: 1, text: { he: 'א', en: 'A' }, fontSize: 10, rotate: 0 }] };
  it.each<[string, { next: VenueDecor | undefined; sent: boolean; saved: VenueDecor | undefined }]>([
    ['decor not sent: the stored decor stays', { next: { shapes: [] }, sent: false, saved: DECOR }],
    ['decor sent: it replaces the stored one', { next: { shapes: [] }, sent: true, saved: { shapes: [] } }],
    ['decor removed: sent as null, none saved', { next: undefined, sent: true, saved: undefined }],
  ])('%s', (_, { next: decor, sent, saved }) => {
    const base = stored();
    base.decor = DECOR;
    const next = stored();
    if (decor) next.decor = decor;
    const patch = patchOf(next, [], sent);
    expect(patch.decor).toEqual(sent ? (decor ?? null) : undefined);
    const result = applySeatPlanPatch(base, patch);
    if (!result.ok) throw new Error('refused');
    expect(result.document.decor).toEqual(saved);
  });

  it.each<[string, unknown, SeatPlanPatchRefusal]>([
    ['a venue document is not a patch', stored(), { reason: 'notAPatch', detail: 'patch must be 1' }],
    [
      'another patch version',
      { ...patchOf(stored(), []), patch: 2 },
      { reason: 'notAPatch', detail: 'patch must be 1' },
    ],
    [
      'sections not a list',
      { ...patchOf(stored(), []), sections: 'stalls' },
      { reason: 'notAPatch', detail: 'sections must be an array' },
    ],
    [
      'a code the stored version does not have',
      { ...patchOf(stored(), []), sections: ['stalls', 'nowhere'] },
      { reason: 'unknownSection', code: 'nowhere', index: 1 },
    ],
  ])('refused: %s', (_, patch, refusal) => {
    expect(applySeatPlanPatch(stored(), patch)).toEqual({ ok: false, refusal });
  });

  it('a code named twice is left to the validator (a duplicate section code, as in a whole document)', () => {
    const result = applySeatPlanPatch(stored(), { ...patchOf(stored(), []), sections: ['stalls', 'stalls'] });
    if (!result.ok) throw new Error('refused');
    expect(codes(result.document)).toEqual(['stalls', 'stalls']);
    expect(() => validateVenue(result.document, 'patched')).toThrow(SeatmapValidationError);
    try {
      validateVenue(result.document, 'patched');
    } catch (e) {
      expect((e as SeatmapValidationError).issues.map((i) => [i.path, i.code])).toEqual([
        ['/sections/1/code', 'DUPLICATE_SECTION_CODE'],
      ]);
    }
  });

  it('the stored document is not changed by applying a patch', () => {
    const base = stored();
    const before = structuredClone(base);
    const next = stored();
    next.sections.reverse();
    applySeatPlanPatch(base, patchOf(next, ['floor']));
    expect(base).toEqual(before);
  });

  it('isSeatPlanPatch: by its marker only', () => {
    expect([isSeatPlanPatch(patchOf(stored(), [])), isSeatPlanPatch(stored()), isSeatPlanPatch(null)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
