import type { EntityManager } from 'typeorm';
import {
  AdmissionWriter,
  type Admission,
  type AdmissionAttempt,
  type FirstEntry,
  type FirstTryResult,
} from '../../src/checkin/admission-writer';
import { DOOR_TICKET_READ, doorTicketRow, type DoorTicketRow } from '../../src/checkin/checkin.repository';

/**
 * CONTROL RUN ONLY: the door without its guard - "is it in already?" read with a plain SELECT, then a plain INSERT
 * (the control also drops checkin_admission's primary key). `barrier` makes every racing scan read before any writes
 * (the interleaving the guard exists for), so the double admission shows every time instead of sometimes.
 */
export class UnguardedAdmissionWriter extends AdmissionWriter {
  static barrier: { arrive(): Promise<void> } | null = null;

  /** The one-statement first entry is the key's too: without it every scan only reads, then goes through `admit`. */
  override async firstTry(entry: FirstEntry): Promise<FirstTryResult> {
    const rows: DoorTicketRow[] = await this.db.query(DOOR_TICKET_READ, [entry.identifier]);
    return { ticket: rows[0] ? doorTicketRow(rows[0]) : null, admitted: false, first: null };
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
