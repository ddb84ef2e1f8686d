/** The clock is an adapter so that time-dependent rules can be tested without sleeping. */
export abstract class Clock {
  abstract now(): Date;
  nowMs(): number {
    return this.now().getTime();
  }
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
