import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { PreparedSql } from '../database/prepared-sql';
import { StatementBatcher } from '../database/statement-batcher';
import {
  DOOR_TICKET_COLUMNS,
  DOOR_TICKET_JOINS,
  DOOR_TICKET_READ,
  doorTicketRow,
  NonceTaken,
  SCAN_COLUMNS,
  type DoorTicketRow,
} from './checkin.repository';

export interface AdmissionAttempt {
  ticketId: string;
  presentationId: number;
  at: Date;
  gate: string;
  device: string;
  reentryAllowed: boolean;
}

/** A scan at a gate, online, inwards: what AdmissionWriter.firstTry checks the ticket against. */
export interface FirstEntry {
  identifier: string;
  /** The show the gate lets in. */
  presentationId: number;
  /** The show and the seat the code names (null: an HLT1, typed or rotating code names none). */
  codePresentationId: number | null;
  codeSeat: { sectionId: number; x: number; y: number } | null;
  /** A rotating code, fresh at `at`. */
  rotating: boolean;
  /** The server's moment: the entry's, and the scan's receipt. */
  at: Date;
  gate: string;
  device: string;
}

/** The scan row's own fields (the rest are the entry's). */
export interface FirstEntryScan {
  nonce: string;
  staffUserId: number;
  scannedAt: Date;
  /** When the server heard of it: the entry's moment online; the upload's for a scan queued offline. */
  receivedAt: Date;
  offline: boolean;
}

/** The single statement's move ($2 the show, $8 the moment, $9 gate, $10 device; `held` the ticket): in, or out. */
const MOVE_IN = `
           INSERT INTO checkin_admission (ticket_id, presentation_id, admitted_at, gate, device, inside, last_moved_at)
           SELECT id, $2, $8::timestamptz, $9::text, $10::text, true, $8::timestamptz FROM held
           -- Back in after an exit where the show allows it: the same row, and the first entry stays its record.
           ON CONFLICT (ticket_id) DO UPDATE SET inside = true, last_moved_at = EXCLUDED.last_moved_at
            WHERE NOT checkin_admission.inside
              AND (SELECT p.reentry_allowed FROM presentation p WHERE p.id = checkin_admission.presentation_id)
           RETURNING ticket_id, admitted_at, gate`;
const MOVE_OUT = `
           UPDATE checkin_admission c SET inside = false, last_moved_at = $8::timestamptz
             FROM held h JOIN presentation p ON p.id = $2
            WHERE c.ticket_id = h.id AND c.inside AND p.reentry_allowed
           RETURNING c.ticket_id, c.admitted_at, c.gate`;

/*
 * TICKET_BY_KEY: the guard (`held`) locks and re-checks the very row `door_ticket` read, reached by its primary key,
 * and compares the ticket's show as `presentation_id + 0`, a form no index answers. Searched by identifier and show,
 * the planner walked the show's index (`reservation_ticket_live_sales`) instead of the identifier's on a show whose
 * tickets were all sold since the table's statistics were taken: every ticket of the show read at every scan, about
 * 8 ms of PostgreSQL's CPU a statement instead of 0.4 to 0.6 (docs/door-checkin.md, "Cost per scan"). The row is still
 * re-checked under its lock: the show, identifier, status and seat are the ticket row's own columns.
 */

/** One scan's first try (AdmissionWriter.firstTry) and its answer. */
interface FirstTry {
  entry: FirstEntry;
  scan: FirstEntryScan;
}
export interface FirstTryResult {
  /** The ticket as the statement read it (null: no such ticket). */
  ticket: DoorTicketRow | null;
  /** This scan let it in, first or back in after an exit (and its scan row is stored). */
  admitted: boolean;
  /** When it let it in: the ticket's first entry, when and where (a re-entry keeps the first as the record). */
  first: { admittedAt: Date; gate: string } | null;
}

/** What the first-entry statements add to the door's read of the ticket. */
interface FirstTryRow {
  admittedNow: boolean;
  firstAdmittedAt: Date | null;
  firstGate: string | null;
}

function resultOf(
  read: DoorTicketRow,
  admittedNow: boolean,
  firstAdmittedAt: Date | null,
  firstGate: string | null,
): FirstTryResult {
  return {
    ticket: doorTicketRow(read),
    admitted: admittedNow,
    first:
      admittedNow && firstAdmittedAt && firstGate ? { admittedAt: new Date(firstAdmittedAt), gate: firstGate } : null,
  };
}

/**
 * First-entry statements in flight at once on a node: two, and up to four while eight scans or more wait; the most
 * scans one carries (StatementBatcher). A statement costs PostgreSQL about 0.4 ms of CPU and each scan in it about
 * 0.08 more (docs/door-checkin.md, "Cost per scan"): one of eight or more adds at most 0.05 ms a scan. A shallow
 * queue does not wait for company: a millisecond's fill window (the batcher's `fill`) took sparse arrivals from 0.86-0.90
 * to 0.51 writing transactions a scan and 7 % of PostgreSQL's CPU, but every scan at a quiet door paid the wait (p50
 * 2.2-2.4 -> 3.7-3.9 ms) and the p99 at 1,000 scans/s did not fall (44.9 and 28.7 ms without it, 47.2 and 51.7 with it,
 * quiet A/B of 2026-11-30, decision 041).
 */
const FIRST_ENTRY_BATCHES = { inFlight: 2, deep: { waiting: 8, inFlight: 4 }, maxBatch: 64 };

export interface Admission {
  /** This scan let the ticket in (first entry, or back in after an exit where the show allows it). */
  admitted: boolean;
  /** The first entry: when and where. */
  admittedAt: Date;
  gate: string;
}

/**
 * The one guard that lets a ticket in once: `checkin_admission`'s primary key and a conditional insert, so of any
 * number of gates and server nodes scanning one ticket at the same instant exactly one statement inserts the row
 * (the others wait on it and find it there). Back in after an exit only where the show allows it, and only when the
 * ticket is recorded as outside: the same row, the same statement.
 */
@Injectable()
export class AdmissionWriter {
  /** The first entry's statements are prepared once per connection (parsed and planned once, not at every scan). */
  private readonly prepared: PreparedSql;
  /** First entries of the moment on this node, one statement for all (group commit; `firstTries`). */
  private readonly firstEntries: StatementBatcher<FirstTry, FirstTryResult>;

  constructor(protected readonly db: DataSource) {
    this.prepared = new PreparedSql(db, 'door');
    this.firstEntries = new StatementBatcher((tries) => this.firstTries(tries), {
      ...FIRST_ENTRY_BATCHES,
      // One scan of a ticket and one use of a nonce per statement (the statement's rows are told apart by both).
      keys: ({ entry, scan }) => [`t:${entry.identifier}`, `n:${scan.nonce}`],
    });
  }

  /** The first entry's row lock (a control run in the tests takes it away to show what it guards). */
  protected readonly firstEntryLock: string = 'FOR SHARE OF t';

  /**
   * The door's common case online, a ticket's first entry, as ONE statement outside any transaction (one round trip
   * where the transaction took five: BEGIN, the locked read, the admission, the scan, COMMIT; and where a read then
   * a guarded write took two). It reads the ticket as the door does (DOOR_TICKET_READ, no lock: what the caller's
   * rule decides on) and, in the same statement, share-locks the ticket's row and lets it in only when every fact the
   * rule lets a first entry in on holds (doorVerdict's 'proceed': live, its order paid, this show and the one the code
   * names, the same seat when the code names one, the rotating code where the show asks for it, the doors open at
   * `at`). A cancellation or a change of seats committing meanwhile either waits for the statement or, its lock
   * granted after the change, makes it admit nobody (PostgreSQL checks the changed row again). The admission is the
   * primary key under `ON CONFLICT DO NOTHING`, and the scan's row (its answer "admitted here now") is inserted only
   * with it, in the same statement: both or neither. A nonce already stored makes the insert fail (NonceTaken) and
   * the statement admit nobody.
   *
   * A ticket recorded outside after an exit is let back in by the same statement where the show allows re-entry (the
   * admission's row again `inside`, its first entry still the record: `first`).
   *
   * `admitted` false (the ticket is refused, in already, or changed meanwhile): nothing was written, and the caller
   * decides with the ticket as read.
   */
  firstTry(entry: FirstEntry, scan: FirstEntryScan): Promise<FirstTryResult> {
    return this.firstEntries.call({ entry, scan });
  }

  /**
   * The first entries that came together (StatementBatcher): one alone is `firstTryAlone`; several are ONE statement
   * (`firstTryTogether`) that does for each what `firstTryAlone` does, except that it never waits for a ticket's row
   * (NOWAIT): a ticket being changed, a deadlock, or a nonce stored before (the statement fails as a whole) sends
   * every scan of the batch through `firstTryAlone`, one by one, which waits and decides as for a scan alone.
   */
  private async firstTries(tries: FirstTry[]): Promise<PromiseSettledResult<FirstTryResult>[]> {
    if (tries.length > 1) {
      try {
        return (await this.firstTryTogether(tries)).map((value) => ({ status: 'fulfilled', value }));
      } catch (error) {
        if (!isNonceTaken(error) && !isLockNotAvailable(error)) throw error;
      }
    }
    return Promise.allSettled(tries.map(({ entry, scan }) => this.firstTryAlone(entry, scan)));
  }

  private firstTryAlone(entry: FirstEntry, scan: FirstEntryScan): Promise<FirstTryResult> {
    return this.oneStatement(entry, scan, 'in');
  }

  /**
   * An exit online, as ONE statement like a first entry: the ticket read, its row share-locked when every fact the
   * rule lets it through on holds, and the admission recorded outside (only when inside, at a show with re-entry)
   * with the scan's row (answered `exited`, the first entry as the record). `exited` false: nothing was written, and
   * the caller decides with the ticket as read (not inside, no re-entry, refused: the rule and the transaction).
   */
  async exitTry(
    entry: FirstEntry,
    scan: FirstEntryScan,
  ): Promise<{ ticket: DoorTicketRow | null; exited: boolean; first: FirstTryResult['first'] }> {
    const { ticket, admitted, first } = await this.oneStatement(entry, scan, 'out');
    return { ticket, exited: admitted, first };
  }

  /** The first-entry (`in`) or exit (`out`) statement of one scan: the guard, the move and its scan row. */
  private async oneStatement(
    entry: FirstEntry,
    scan: FirstEntryScan,
    direction: 'in' | 'out',
  ): Promise<FirstTryResult> {
    const [move, outcome] = direction === 'in' ? [MOVE_IN, 'admitted'] : [MOVE_OUT, 'exited'];
    try {
      const rows = await this.prepared.query<DoorTicketRow & FirstTryRow>(
        // The control run's lock is part of the text: its own name, so the two are never one prepared statement.
        `${direction === 'in' ? 'first_try' : 'exit_try'}${this.firstEntryLock ? '' : '_unlocked'}`,
        `WITH door_ticket AS (${DOOR_TICKET_READ}
         ), held AS (
           -- The row door_ticket read, by its primary key (TICKET_BY_KEY).
           SELECT t.id FROM door_ticket d
             JOIN reservation_ticket t ON t.id = d.id::bigint
             JOIN reservation r ON r.id = t.reservation_id
             JOIN presentation p ON p.id = t.presentation_id
            WHERE t.identifier = $1 AND t.status = 'live' AND r.state = 'paid' AND t.presentation_id + 0 = $2
              AND ($3::int IS NULL OR $3::int = $2)
              AND ($4::int IS NULL OR (t.section_id = $4::int AND t.x = $5::int AND t.y = $6::int))
              AND (NOT p.rotating_code OR $7::boolean)
              AND p.date_time - make_interval(mins => p.doors_open_minutes) <= $8::timestamptz
            ${this.firstEntryLock}
         ), admitted AS (${move}
         ), logged AS (
           INSERT INTO checkin_scan (${SCAN_COLUMNS})
           SELECT $11::uuid, $2, a.ticket_id, $12::int, $9::text, $10::text, '${direction}', '${outcome}', $13::timestamptz,
                  $14::timestamptz, $15::boolean, false,
                  jsonb_build_object(
                    'outcome', '${outcome}', 'ticketIdentifier', d.identifier,
                    'seat', CASE WHEN d."isReserved" AND d."rowName" IS NOT NULL AND d."seatName" IS NOT NULL
                                 THEN jsonb_build_object('rowName', d."rowName", 'seatName', d."seatName") END,
                    'admittedAt', to_char(a.admitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'gate', a.gate, 'doorsOpenAt', NULL)
             FROM admitted a CROSS JOIN door_ticket d
           RETURNING ticket_id
         )
         SELECT d.*, a.ticket_id IS NOT NULL AS "admittedNow", a.admitted_at AS "firstAdmittedAt", a.gate AS "firstGate"
           FROM door_ticket d LEFT JOIN logged l ON true LEFT JOIN admitted a ON a.ticket_id = l.ticket_id`,
        [
          entry.identifier,
          entry.presentationId,
          entry.codePresentationId,
          entry.codeSeat?.sectionId ?? null,
          entry.codeSeat?.x ?? null,
          entry.codeSeat?.y ?? null,
          entry.rotating,
          entry.at,
          entry.gate,
          entry.device,
          scan.nonce,
          scan.staffUserId,
          scan.scannedAt,
          scan.receivedAt,
          scan.offline,
        ],
      );
      const row = rows[0];
      if (!row) return { ticket: null, admitted: false, first: null };
      const { admittedNow, firstAdmittedAt, firstGate, ...read } = row;
      return resultOf(read, admittedNow, firstAdmittedAt, firstGate);
    } catch (error) {
      if (isNonceTaken(error)) throw new NonceTaken();
      throw error;
    }
  }

  /** Several first entries as one statement: firstTryAlone's, over the scans' arrays, each row told by its `n`. */
  private async firstTryTogether(tries: FirstTry[]): Promise<FirstTryResult[]> {
    const column = <T>(of: (t: FirstTry) => T) => tries.map(of);
    const lock = this.firstEntryLock ? `${this.firstEntryLock} NOWAIT` : '';
    const rows = await this.prepared.query<DoorTicketRow & FirstTryRow & { n: string }>(
      `first_try_together${this.firstEntryLock ? '' : '_unlocked'}`,
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::boolean[],
                              $8::timestamptz[], $9::text[], $10::text[], $11::uuid[], $12::int[], $13::timestamptz[],
                              $14::timestamptz[], $15::boolean[])
                WITH ORDINALITY AS i(identifier, presentation_id, code_presentation_id, section_id, x, y, rotating, at,
                                     gate, device, nonce, staff_user_id, scanned_at, received_at, offline, n)
       ), door_ticket AS (
         SELECT i.n, ${DOOR_TICKET_COLUMNS}
           FROM input i JOIN reservation_ticket t ON t.identifier = i.identifier
           ${DOOR_TICKET_JOINS}
       ), held AS (
         -- Each row door_ticket read, by its primary key (TICKET_BY_KEY).
         SELECT i.n, t.id FROM input i
           JOIN door_ticket d ON d.n = i.n
           JOIN reservation_ticket t ON t.id = d.id::bigint AND t.identifier = i.identifier
           JOIN reservation r ON r.id = t.reservation_id
           JOIN presentation p ON p.id = t.presentation_id
          WHERE t.status = 'live' AND r.state = 'paid' AND t.presentation_id + 0 = i.presentation_id
            AND (i.code_presentation_id IS NULL OR i.code_presentation_id = i.presentation_id)
            AND (i.section_id IS NULL OR (t.section_id = i.section_id AND t.x = i.x AND t.y = i.y))
            AND (NOT p.rotating_code OR i.rotating)
            AND p.date_time - make_interval(mins => p.doors_open_minutes) <= i.at
          ORDER BY t.id
          ${lock}
       ), admitted AS (
         -- In the tickets' order: two statements admitting the same tickets wait for each other in one order only.
         INSERT INTO checkin_admission (ticket_id, presentation_id, admitted_at, gate, device, inside, last_moved_at)
         SELECT h.id, i.presentation_id, i.at, i.gate, i.device, true, i.at FROM held h JOIN input i ON i.n = h.n
          ORDER BY h.id
         ON CONFLICT (ticket_id) DO UPDATE SET inside = true, last_moved_at = EXCLUDED.last_moved_at
          WHERE NOT checkin_admission.inside
          AND (SELECT p.reentry_allowed FROM presentation p WHERE p.id = checkin_admission.presentation_id)
         RETURNING ticket_id, admitted_at, gate
       ), logged AS (
         INSERT INTO checkin_scan (${SCAN_COLUMNS})
         SELECT i.nonce, i.presentation_id, a.ticket_id, i.staff_user_id, i.gate, i.device, 'in', 'admitted',
                i.scanned_at, i.received_at, i.offline, false,
                jsonb_build_object(
                  'outcome', 'admitted', 'ticketIdentifier', d.identifier,
                  'seat', CASE WHEN d."isReserved" AND d."rowName" IS NOT NULL AND d."seatName" IS NOT NULL
                               THEN jsonb_build_object('rowName', d."rowName", 'seatName', d."seatName") END,
                  'admittedAt', to_char(a.admitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'gate', a.gate, 'doorsOpenAt', NULL)
           FROM admitted a JOIN held h ON h.id = a.ticket_id JOIN input i ON i.n = h.n JOIN door_ticket d ON d.n = i.n
         RETURNING ticket_id
       )
       SELECT d.*, a.ticket_id IS NOT NULL AS "admittedNow", a.admitted_at AS "firstAdmittedAt", a.gate AS "firstGate"
         FROM door_ticket d LEFT JOIN logged l ON l.ticket_id = d.id::bigint LEFT JOIN admitted a ON a.ticket_id = l.ticket_id`,
      [
        column((t) => t.entry.identifier),
        column((t) => t.entry.presentationId),
        column((t) => t.entry.codePresentationId),
        column((t) => t.entry.codeSeat?.sectionId ?? null),
        column((t) => t.entry.codeSeat?.x ?? null),
        column((t) => t.entry.codeSeat?.y ?? null),
        column((t) => t.entry.rotating),
        column((t) => t.entry.at),
        column((t) => t.entry.gate),
        column((t) => t.entry.device),
        column((t) => t.scan.nonce),
        column((t) => t.scan.staffUserId),
        column((t) => t.scan.scannedAt),
        column((t) => t.scan.receivedAt),
        column((t) => t.scan.offline),
      ],
    );
    const byN = new Map(rows.map((row) => [Number(row.n), row]));
    return tries.map((_, i) => {
      const row = byN.get(i + 1);
      if (!row) return { ticket: null, admitted: false, first: null };
      const { n: _n, admittedNow, firstAdmittedAt, firstGate, ...read } = row;
      return resultOf(read, admittedNow, firstAdmittedAt, firstGate);
    });
  }

  async admit(tx: EntityManager, a: AdmissionAttempt): Promise<Admission> {
    const rows: { admittedAt: Date; gate: string }[] = await tx.query(
      `INSERT INTO checkin_admission (ticket_id, presentation_id, admitted_at, gate, device, inside, last_moved_at)
       VALUES ($1, $2, $3, $4, $5, true, $3)
       ON CONFLICT (ticket_id) DO UPDATE SET inside = true, last_moved_at = EXCLUDED.last_moved_at
        WHERE NOT checkin_admission.inside AND $6::boolean
       RETURNING admitted_at AS "admittedAt", gate`,
      [a.ticketId, a.presentationId, a.at, a.gate, a.device, a.reentryAllowed],
    );
    if (rows[0]) return { admitted: true, ...rows[0] };
    return { admitted: false, ...(await this.existing(tx, a.ticketId))! };
  }

  /** Out through a gate: true when the ticket was inside (and is now recorded outside). */
  async exit(tx: EntityManager, ticketId: string, at: Date): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `UPDATE checkin_admission SET inside = false, last_moved_at = $2 WHERE ticket_id = $1 AND inside RETURNING 1`,
      [ticketId, at],
    );
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  async existing(tx: EntityManager, ticketId: string): Promise<{ admittedAt: Date; gate: string } | null> {
    const rows = await tx.query(
      `SELECT admitted_at AS "admittedAt", gate FROM checkin_admission WHERE ticket_id = $1 ORDER BY admitted_at LIMIT 1`,
      [ticketId],
    );
    return rows[0] ?? null;
  }
}

/** The batch's own failures that a scan alone would not have (a ticket's row being changed, a deadlock). */
function isLockNotAvailable(error: unknown): boolean {
  const code = ((error instanceof QueryFailedError ? error.driverError : error) as { code?: string } | null)?.code;
  return code === '55P03' || code === '40P01';
}

/** The scan's nonce stored before: through TypeORM (QueryFailedError) or a prepared statement (pg's own error). */
function isNonceTaken(error: unknown): boolean {
  const driver = (error instanceof QueryFailedError ? error.driverError : error) as
    { code?: string; constraint?: string } | null | undefined;
  return driver?.code === '23505' && driver.constraint === 'checkin_scan_nonce_key';
}
