import { cancellationCharge, type CancellationCharge } from '../cancellation-charge';

describe('cancellationCharge', () => {
  it.each<[string, CancellationCharge, number[], number]>([
    ['none', { type: 'none', value: 0 }, [5000, 5000], 0],
    ['fixed once per cancellation', { type: 'fixed', value: 1000 }, [5000, 5000], 1000],
    ['fixed is capped at what is cancelled', { type: 'fixed', value: 9000 }, [5000], 5000],
    ['per ticket', { type: 'per_ticket', value: 500 }, [5000, 5000, 5000], 1500],
    ['per ticket capped', { type: 'per_ticket', value: 6000 }, [5000, 100], 5100],
    ['percent of the total', { type: 'percent', value: 10 }, [4550, 4550], 910],
    ['percent rounds half up once', { type: 'percent', value: 5 }, [25, 25], 3], // 2.5
    ['percent per ticket rounds each ticket', { type: 'percent_per_ticket', value: 5 }, [25, 25], 2], // 1.25 -> 1, twice
    ['percent per ticket', { type: 'percent_per_ticket', value: 10 }, [4550, 3000], 755],
    ['nothing cancelled', { type: 'fixed', value: 1000 }, [], 0],
    ['free tickets cost nothing to cancel', { type: 'per_ticket', value: 500 }, [0, 0], 0],
    ['100 percent keeps everything', { type: 'percent', value: 100 }, [4550], 4550],
  ])('%s', (_label, charge, amounts, expected) => {
    expect(cancellationCharge(charge, amounts)).toBe(expected);
  });

  it.each<[string, CancellationCharge, number[]]>([
    ['negative value', { type: 'fixed', value: -1 }, [100]],
    ['fractional agorot', { type: 'fixed', value: 1 }, [10.5]],
    ['unknown type', { type: 'bogus' as never, value: 1 }, [100]],
  ])('refuses %s', (_label, charge, amounts) => {
    expect(() => cancellationCharge(charge, amounts)).toThrow();
  });
});
