import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { AFTER_START_BASE } from './queue-keys';

/**
 * The pre-queue's random place, drawn from the operating system's CSPRNG at joining (so arriving
 * early, refreshing or being a fast bot buys nothing). A provider of its own so the permutation
 * test's control run can put a predictable one in its place.
 */
@Injectable()
export class QueueRandom {
  /** 0 .. 2^40 - 1: below every after-start score (queue-keys.ts). */
  draw(): number {
    // randomInt's range must stay below 2^48.
    return randomInt(0, AFTER_START_BASE);
  }
}
