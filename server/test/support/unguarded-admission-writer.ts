import type { EntityManager } from 'typeorm';
import { AdmissionWriter, type Admission, type AdmissionAttempt } from '../../src/checkin/admission-writer';

/**
 * CONTROL RUN ONLY: the door without its guard - "is it in already?" read with a plain SELECT, then a plain INSERT
 * (the control also drops checkin_admission's primary key). `barrier` makes every racing scan read before any writes
 * (the interleaving the guard exists for), so the double admission shows every time instead of sometimes.
 */
export class UnguardedAdmissionWriter extends AdmissionWriter {
  static barrier: { arrive(): Promise<void> } | null = null;

  /** The one-statement first entry is the key's too: without it every scan goes through `admit` below. */
  override async admitFirst(): Promise<boolean> {
    return false;
  }

  override async admit(tx: EntityManager, a: AdmissionAttempt): Promise<Admission> {
    const before = await this.existing(tx, a.ticketId);
    await UnguardedAdmissionWriter.barrier?.arrive();
    if (before) return { admitted: false, ...before };
    await tx.query(
      `INSERT INTO checkin_admission (ticket_id, presentation_id, admitted_at, gate, device, inside, last_moved_at)
       VALUES ($1, $2, $3, $4, $5, true, $3)`,
      [a.ticketId, a.presentationId, a.at, a.gate, a.device],
    );
    return { admitted: true, admittedAt: a.at, gate: a.gate };
  }
}

/** An n-party barrier: each arrives, all continue once n have. */
export function barrierOf(n: number): { arrive(): Promise<void> } {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((r) => (release = r));
  return {
    arrive() {
      arrived += 1;
      if (arrived >= n) release();
      return all;
    },
  };
}
