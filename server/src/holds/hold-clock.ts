import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';

/**
 * The hold flow's clock: the application's Clock, plus an offset that only a test may move
 * (HoldTestClockController, off unless HOLDS_TEST_CLOCK=true outside production). Deadlines and the
 * release sweep read this, so an end-to-end test can let a deadline pass without waiting.
 */
@Injectable()
export class HoldClock {
  private offsetMs = 0;

  constructor(private readonly clock: Clock) {}

  now(): Date {
    return new Date(this.clock.nowMs() + this.offsetMs);
  }

  /** Test only: moves this node's hold clock forward (or back to 0). */
  setOffset(ms: number): void {
    this.offsetMs = ms;
  }
}
