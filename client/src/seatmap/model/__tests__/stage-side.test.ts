import { stageSide } from '../stage-side';

const plan = (x: number, y: number, width = 100, height = 40) => ({
  Width: 1000,
  Height: 800,
  Stage: { x, y, width, height, label: 'במה', labelEn: 'Stage' },
});

describe('stageSide: where the stage is, for the map summary', () => {
  test.each([
    ['a theatre stage along the top edge', plan(450, 20), 'top'],
    ['a stage along the bottom edge', plan(450, 740), 'bottom'],
    ['a stage down the left side', plan(10, 300, 40, 200), 'left'],
    ['a stage down the right side', plan(950, 300, 40, 200), 'right'],
    ['an arena stage in the centre', plan(450, 380), 'middle'],
    ['a corner stage: the farther axis wins (top)', plan(100, 0), 'top'],
  ] as const)('%s', (_name, p, expected) => {
    expect(stageSide(p)).toBe(expected);
  });

  test('no stage, no side', () => {
    expect(stageSide({ Width: 1000, Height: 800, Stage: null })).toBeNull();
  });
});
