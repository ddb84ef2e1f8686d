import type { DoorPresentation } from '@hotline/shared';
import { showChoices } from '../show-choices';

const show = (presentationId: number, dateTime: string, names: Partial<DoorPresentation> = {}): DoorPresentation => ({
  presentationId,
  featureName: 'המלט',
  featureNameEn: 'Hamlet',
  featureNameRu: null,
  featureNameAr: null,
  dateTime,
  ...names,
});

// 30 Nov 2026, 23:30 in Jerusalem (UTC+2); a show at 22:15 UTC is already 1 December there.
const NOW = new Date('2026-11-30T21:30:00Z');
const LIST = [
  show(7, '2026-12-02T18:00:00Z'),
  show(5, '2026-11-30T22:15:00Z', { featureNameRu: 'Гамлет' }),
  show(3, '2026-11-30T17:30:00Z'),
  show(4, '2026-11-29T17:30:00Z'),
];
const unlisted = (id: number) => `Show ${id} (saved)`;

describe('showChoices', () => {
  it.each([
    ['today in Jerusalem, soonest first', null, 3],
    ['the saved show first', 7, 7],
    ['a saved show outside the list stays chosen', 99, 99],
  ])('chosen: %s', (_what, saved, chosen) => {
    expect(showChoices(LIST, 'he', saved, NOW, unlisted).chosen).toBe(chosen);
  });

  it('none chosen when no show is today in Jerusalem', () => {
    expect(showChoices([show(7, '2026-12-02T18:00:00Z')], 'he', null, NOW, unlisted).chosen).toBeNull();
  });

  it("today is Jerusalem's day, not UTC's: at 00:30 on 1 December there, the 00:15 show", () => {
    expect(showChoices(LIST, 'he', null, new Date('2026-11-30T22:30:00Z'), unlisted).chosen).toBe(5);
  });

  it('sorts by time and keeps an unlisted saved show at the end, by its number', () => {
    const { choices } = showChoices(LIST, 'en', 99, NOW, unlisted);
    expect(choices.map((c) => c.presentationId)).toEqual([4, 3, 5, 7, 99]);
    expect(choices.at(-1)!.label).toBe('Show 99 (saved)');
  });

  it.each([
    ['he', 3, 'המלט · '],
    ['en', 3, 'Hamlet · '],
    ['ru', 5, 'Гамлет · '],
    ['ru', 3, 'המלט · '],
    ['ar', 3, 'המלט · '],
  ] as const)('names the feature in %s (else in Hebrew)', (locale, id, start) => {
    const label = showChoices(LIST, locale, null, NOW, unlisted).choices.find((c) => c.presentationId === id)!.label;
    expect(label.startsWith(start)).toBe(true);
  });

  it('reads the day and time in Jerusalem', () => {
    const label = showChoices(LIST, 'en', null, NOW, unlisted).choices.find((c) => c.presentationId === 5)!.label;
    expect(label).toContain('00:15');
    expect(label).toContain('1 Dec');
  });
});
