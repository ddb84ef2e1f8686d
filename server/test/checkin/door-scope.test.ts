import type { BusinessScope, StaffIdentity } from '../../src/backoffice';
import { AppError } from '../../src/common/app-error';
import { DoorScope } from '../../src/checkin/door-scope';
import { ManualClock } from '../support/manual-clock';

/** The door's scope check remembers a show's business for a minute, and still checks every staff member's own. */
describe('DoorScope', () => {
  const owners = new Map([
    [7, 1],
    [9, 2],
  ]);
  const staffOf = (businessIds: number[]) => ({ userId: 1, businessIds }) as unknown as StaffIdentity;
  function setup() {
    const clock = new ManualClock(Date.UTC(2026, 11, 1, 18));
    const lookups: number[] = [];
    const scope = {
      async presentation(staff: StaffIdentity, id: number) {
        lookups.push(id);
        const owner = owners.get(id);
        if (owner === undefined) throw new AppError('PRESENTATION_NOT_FOUND');
        if (!staff.businessIds.includes(owner)) throw new AppError('STAFF_BUSINESS_SCOPE');
        return owner;
      },
    } as unknown as BusinessScope;
    return { clock, lookups, door: new DoorScope(scope, clock) };
  }
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: AppError) => e.code,
    );

  it('asks once a minute per show; another business’s staff is refused from the remembered owner too', async () => {
    const { clock, lookups, door } = setup();
    expect(await codeOf(door.presentation(staffOf([1]), 7))).toBe('ok');
    expect(await codeOf(door.presentation(staffOf([1]), 7))).toBe('ok');
    expect(await codeOf(door.presentation(staffOf([2]), 7))).toBe('STAFF_BUSINESS_SCOPE');
    expect(lookups).toEqual([7]);
    clock.ms += 60_000;
    expect(await codeOf(door.presentation(staffOf([1]), 7))).toBe('ok');
    expect(lookups).toEqual([7, 7]);
  });

  it('does not remember what it did not find, nor a refusal', async () => {
    const { lookups, door } = setup();
    expect(await codeOf(door.presentation(staffOf([1]), 8))).toBe('PRESENTATION_NOT_FOUND');
    expect(await codeOf(door.presentation(staffOf([1]), 8))).toBe('PRESENTATION_NOT_FOUND');
    expect(await codeOf(door.presentation(staffOf([1]), 9))).toBe('STAFF_BUSINESS_SCOPE');
    expect(await codeOf(door.presentation(staffOf([2]), 9))).toBe('ok');
    expect(lookups).toEqual([8, 8, 9, 9]);
  });
});
