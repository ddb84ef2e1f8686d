import { Clock } from '../../src/common/clock';

/** A clock the test moves by hand, shared by every app instance of a test (no sleeping, no timed tests). */
export class ManualClock extends Clock {
  constructor(public ms: number) {
    super();
  }
  now(): Date {
    return new Date(this.ms);
  }
}
