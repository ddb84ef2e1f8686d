import { describe, expect, it } from '@jest/globals';
import { HoldEvents, type HoldEvent } from '../hold-events';

describe('HoldEvents', () => {
  it('delivers every event to every listener, in order, until it unsubscribes', () => {
    const events = new HoldEvents();
    const a: HoldEvent[] = [];
    const b: HoldEvent[] = [];
    const offA = events.on((e) => a.push(e));
    events.on((e) => b.push(e));
    events.emit({ kind: 'seatHeld', seat: 3 });
    offA();
    events.emit({ kind: 'gaReleased', section: 1, place: 7 });
    expect(a).toEqual([{ kind: 'seatHeld', seat: 3 }]);
    expect(b).toEqual([
      { kind: 'seatHeld', seat: 3 },
      { kind: 'gaReleased', section: 1, place: 7 },
    ]);
  });
});
