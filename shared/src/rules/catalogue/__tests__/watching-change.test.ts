import { watchingChange } from '../watching-change';

type Case = Parameters<typeof watchingChange>[0];
const c = (from: Case['from'], to: Case['to'], liveTickets = 0, planHasNumberedSeats = false): Case => ({
  from,
  to,
  liveTickets,
  planHasNumberedSeats,
});

describe('watchingChange', () => {
  it.each<[string, Case, ReturnType<typeof watchingChange>]>([
    ['hall to online, standing plan, nothing sold', c(null, 'sold-alone'), { refusal: null, checkOverlap: false }],
    ['online to hall: checked for overlaps', c('shared-cart', null), { refusal: null, checkOverlap: true }],
    ['one online kind to the other', c('sold-alone', 'shared-cart'), { refusal: null, checkOverlap: false }],
    [
      'hall to online with a ticket sold',
      c(null, 'sold-alone', 1),
      { refusal: 'WATCHING_CHANGE_AFTER_SALES', checkOverlap: false },
    ],
    [
      'online to hall with tickets sold',
      c('sold-alone', null, 40),
      { refusal: 'WATCHING_CHANGE_AFTER_SALES', checkOverlap: false },
    ],
    [
      'sales are named before the plan',
      c(null, 'shared-cart', 2, true),
      { refusal: 'WATCHING_CHANGE_AFTER_SALES', checkOverlap: false },
    ],
    [
      'online on numbered seats',
      c(null, 'shared-cart', 0, true),
      { refusal: 'VOD_NEEDS_GENERAL_ADMISSION', checkOverlap: false },
    ],
    ['online to hall on numbered seats', c('sold-alone', null, 0, true), { refusal: null, checkOverlap: true }],
    [
      'the same kind with sales: nothing to refuse',
      c('sold-alone', 'sold-alone', 9),
      { refusal: null, checkOverlap: false },
    ],
    ['hall to hall', c(null, null, 3, true), { refusal: null, checkOverlap: false }],
  ])('%s', (_name, input, expected) => {
    expect(watchingChange(input)).toEqual(expected);
  });
});
