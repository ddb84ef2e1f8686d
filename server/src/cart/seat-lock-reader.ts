import { Injectable } from '@nestjs/common';
import { SeatEngineService, type SeatHold } from '../seats';

export type { SeatHold };

/**
 * The booking side's view of a visitor's seat holds. It only asks the seat engine's
 * port (SeatEngineService): how the live state is stored (Redis keys, value encoding,
 * the lock clock) is known in server/src/seats alone.
 */
@Injectable()
export class SeatLockReader {
  constructor(private readonly seats: SeatEngineService) {}

  /** How each seat stands for `owner` right now, in the order given. */
  holds(
    presentationId: number,
    owner: string,
    seats: { sectionId: number; x: number; y: number }[],
  ): Promise<SeatHold[]> {
    return this.seats.holdsOf(presentationId, owner, seats);
  }

  /** The seats `owner` holds live locks on in a presentation ("sectionId:x:y" keys). */
  ownedSeats(presentationId: number, owner: string): Promise<string[]> {
    return this.seats.heldSeatKeys(presentationId, owner);
  }
}
