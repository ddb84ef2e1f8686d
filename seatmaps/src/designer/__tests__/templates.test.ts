import { validateVenue } from '../../validate';
import { toVenueDocument } from '../convert';
import { seatCount } from '../model';
import { designerTemplates } from '../templates';
import { validatePlan } from '../validate-plan';

describe('designerTemplates', () => {
  const templates = designerTemplates();

  it('names every template in four languages, smallest first, the big ones marked', () => {
    for (const t of templates) for (const l of ['he', 'en', 'ru', 'ar'] as const) expect(t.name[l]).not.toBe('');
    expect(templates.map((t) => t.seats)).toEqual([...templates.map((t) => t.seats)].sort((a, b) => a - b));
    expect(templates.filter((t) => t.large).map((t) => t.id)).toEqual(['arena', 'stadium']);
  });

  it.each(
    designerTemplates()
      .filter((t) => !t.large && t.id !== 'blank')
      .map((t) => [t.id, t] as const),
  )('%s builds a plan with about the seats it says, that passes the plan check and the format', (_id, t) => {
    const plan = t.build({ businessId: 42 });
    expect(plan.location.businessId).toBe(42);
    expect(seatCount(plan)).toBeGreaterThan(t.seats * 0.7);
    expect(seatCount(plan)).toBeLessThan(t.seats * 1.3);
    expect(validatePlan(plan).problems).toEqual([]);
    expect(() => validateVenue(toVenueDocument(plan), t.id)).not.toThrow();
  });

  it('starts a blank plan with nothing in it, and says what is missing', () => {
    const plan = templates[0]!.build();
    expect([plan.sections, plan.zones, plan.stage]).toEqual([[], [], null]);
  });
});
