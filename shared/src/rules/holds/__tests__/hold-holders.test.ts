import { holdHolderOutcome } from '../hold-holders';
import type { HoldHolders } from '../hold-policy';

const d = (presentationId: number, holders: HoldHolders) => ({ presentationId, policy: { holders } });

describe('holdHolderOutcome', () => {
  it.each<[string, ReturnType<typeof d>[], boolean, ReturnType<typeof holdHolderOutcome>]>([
    // name, dates, isMember, outcome
    ['members date, a member', [d(1, 'members')], true, { refusal: null }],
    ['members date, not a member (the old rule)', [d(1, 'members')], false, { refusal: 'HOLD_MEMBERSHIP_REQUIRED' }],
    ['customers date, not a member', [d(1, 'customers')], false, { refusal: null }],
    ['customers date, a member', [d(1, 'customers')], true, { refusal: null }],
    [
      'box-office date refuses a member',
      [d(1, 'box-office')],
      true,
      { refusal: 'HOLD_NOT_ALLOWED', presentationIds: [1] },
    ],
    [
      'box-office date refuses a customer',
      [d(1, 'box-office')],
      false,
      { refusal: 'HOLD_NOT_ALLOWED', presentationIds: [1] },
    ],
    [
      'a customers date beside a members date: the membership is still needed',
      [d(1, 'customers'), d(2, 'members')],
      false,
      { refusal: 'HOLD_MEMBERSHIP_REQUIRED' },
    ],
    [
      'a box-office date beside others is named, before the membership',
      [d(1, 'members'), d(2, 'box-office'), d(2, 'box-office'), d(3, 'box-office')],
      false,
      { refusal: 'HOLD_NOT_ALLOWED', presentationIds: [2, 3] },
    ],
    ['several customers dates', [d(1, 'customers'), d(2, 'customers')], false, { refusal: null }],
  ])('%s', (_name, dates, isMember, outcome) => {
    expect(holdHolderOutcome(dates, { isMember })).toEqual(outcome);
  });
});
