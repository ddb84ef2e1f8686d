import { generateArena, generateCinema, generateStadium, generateTheatre } from '../../generators';
import { validateVenue } from '../../validate';
import type { VenueDocument } from '../../format';
import { fromVenueDocument, planToJson, toVenueDocument } from '../convert';
import { idFactory, seatCount, type DesignerPlan, type DesignerSection } from '../model';
import { smallVenue } from '../../__tests__/fixture';

/** A document with the defaults filled in, as validateVenue leaves it. */
function validated(doc: VenueDocument): VenueDocument {
  return validateVenue(JSON.parse(JSON.stringify(doc)), 'test');
}

describe('fromVenueDocument / toVenueDocument', () => {
  it.each([
    ['small fixture', () => smallVenue()],
    ['cinema', generateCinema],
    ['theatre', generateTheatre],
    ['arena', generateArena],
  ])('gives back the same document: %s', (_name, make) => {
    const doc = validated(make());
    const back = toVenueDocument(fromVenueDocument(doc));
    const { $schema: _ignored, ...expected } = doc;
    expect(back).toEqual(expected);
  });

  it('gives back the same 100,000-seat stadium', () => {
    const doc = generateStadium();
    const plan = fromVenueDocument(doc);
    expect(seatCount(plan)).toBeGreaterThan(90_000);
    const { $schema: _ignored, ...expected } = doc;
    expect(toVenueDocument(plan)).toEqual(expected);
  });

  it('keeps texts, shapes and the traced floor plan in the format (decor), and back', () => {
    const plan = fromVenueDocument(validated(smallVenue()));
    plan.texts.push({
      id: 'n1',
      x: 10,
      y: 20,
      text: { he: 'כניסה', en: 'Entrance', ru: '', ar: 'مدخل' },
      fontSize: 14,
      rotate: 0,
    });
    plan.shapes.push({
      id: 'n2',
      kind: 'ellipse',
      points: [
        { x: 800, y: 800 },
        { x: 840, y: 830 },
      ],
      rotate: 15,
      fill: '#AABBCC',
      stroke: null,
      label: { he: 'עמוד', en: 'Pillar', ru: '', ar: '' },
    });
    plan.background = { src: '/api/admin/seat-plans/1/background', opacity: 0.4, scale: 2.5, offset: { x: -10, y: 5 } };
    const doc = validated(toVenueDocument(plan));
    expect(doc.decor?.texts?.[0]?.text).toEqual({ he: 'כניסה', en: 'Entrance', ar: 'مدخل' });
    const back = fromVenueDocument(doc);
    expect([back.texts, back.shapes, back.background]).toEqual([
      [{ ...plan.texts[0], id: 't0' }],
      [{ ...plan.shapes[0], id: 'd0' }],
      plan.background,
    ]);
  });

  it('saves as the tools write files: defaults left out, decor kept, loads back the same', () => {
    const plan = fromVenueDocument(validated(smallVenue()));
    plan.background = { src: '/x.png', opacity: 1, scale: 1, offset: { x: 0, y: 0 } };
    const text = planToJson(plan);
    expect(text).not.toContain('"together":null');
    expect(toVenueDocument(fromVenueDocument(validateVenue(JSON.parse(text), 'saved')))).toEqual(toVenueDocument(plan));
  });

  it('keeps ids stable and unique', () => {
    const plan = fromVenueDocument(generateTheatre());
    const ids = new Set<string>();
    for (const s of plan.sections) {
      ids.add(s.id);
      for (const r of s.rows) {
        ids.add(r.id);
        for (const k of r.seats) ids.add(k.id);
      }
    }
    const total = plan.sections.length + plan.sections.reduce((n, s) => n + s.rows.length, 0) + seatCount(plan);
    expect(ids.size).toBe(total);
    expect(fromVenueDocument(generateTheatre()).sections[1]!.rows[2]!.seats[3]!.id).toBe('s1r2k3');
  });

  it('holds seats in absolute plan units (a rotated section)', () => {
    const plan = fromVenueDocument(validated(smallVenue()));
    const seat = plan.sections[0]!.rows[0]!.seats[0]!;
    // box (200, 200) 500 x 200; the seat at 2 %, 5 %, 16 % x 30 %: centre 200 + 0.02*500 + 40, 200 + 10 + 30.
    expect(seat.cx).toBeCloseTo(250, 9);
    expect(seat.cy).toBeCloseTo(240, 9);
    expect(seat.width).toBeCloseTo(80, 9);
    expect(seat.height).toBeCloseTo(60, 9);
  });

  function drawnSection(plan: DesignerPlan): DesignerSection {
    const zoneId = plan.zones[0]!.id;
    const seat = (id: string, cx: number, label: string) => ({
      id,
      label,
      cx,
      cy: 620,
      width: 30,
      height: 30,
      rotate: 20,
      zoneId,
      features: [],
      together: null,
      identity: null,
    });
    return {
      id: 'new1',
      code: 'drawn',
      name: { he: 'חדש', en: 'New', ru: '', ar: '' },
      kind: 'reserved',
      capacity: null,
      zoneId: null,
      shape: {
        type: 'polygon',
        points: [
          { x: 500, y: 580 },
          { x: 700, y: 580 },
          { x: 700, y: 660 },
          { x: 500, y: 660 },
        ],
      },
      frame: null,
      groups: [{ code: 'main', name: 'main' }],
      rows: [{ id: 'new2', label: '1', group: 'main', seats: [seat('new3', 540, '1'), seat('new4', 600, '2')] }],
    };
  }

  it('exports a section drawn in the designer as a valid document, seats where they were drawn', () => {
    const plan = fromVenueDocument(validated(smallVenue()));
    plan.sections.push(drawnSection(plan));
    const doc = validated(toVenueDocument(plan));
    const again = fromVenueDocument(doc).sections[2]!;
    expect(again.rows[0]!.seats.map((s) => [s.cx, s.cy, s.rotate, s.identity])).toEqual([
      [expect.closeTo(540, 2), expect.closeTo(620, 2), 20, { x: 1, y: 1 }],
      [expect.closeTo(600, 2), expect.closeTo(620, 2), 20, { x: 2, y: 1 }],
    ]);
    expect(doc.sections[2]!.outline).toEqual([
      [500, 580],
      [700, 580],
      [700, 660],
      [500, 660],
    ]);
  });

  it('grows a rectangle section box around seats dragged out of it, and draws the rectangle as the outline', () => {
    const plan = fromVenueDocument(validated(smallVenue()));
    const seat = plan.sections[0]!.rows[0]!.seats[0]!;
    seat.cx -= 100; // 50 units left of the box
    const doc = validated(toVenueDocument(plan));
    expect(doc.sections[0]!.box.x).toBeLessThan(200);
    expect(doc.sections[0]!.outline).toEqual([
      [200, 200],
      [700, 200],
      [700, 400],
      [200, 400],
    ]);
    expect(fromVenueDocument(doc).sections[0]!.rows[0]!.seats[0]!.cx).toBeCloseTo(150, 2);
  });

  it('gives a pasted seat that repeats an identity a fresh one', () => {
    const plan = fromVenueDocument(validated(smallVenue()));
    const row = plan.sections[0]!.rows[0]!;
    const next = idFactory('p');
    row.seats.push({ ...row.seats[0]!, id: next(), label: '9', cx: row.seats[0]!.cx + 1 });
    const doc = toVenueDocument(plan);
    const keys = doc.sections[0]!.groups.flatMap((g) => g.rows.flatMap((r) => r.seats.map((s) => `${s.x},${s.y}`)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
