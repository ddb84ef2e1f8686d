import { Inject, Injectable } from '@nestjs/common';
import {
  doorTone,
  doorVerdict,
  ROTATING_CODE_PREFIX,
  type DoorOutcome,
  type RedeemResponse,
  type TicketCodeFields,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { StaffIdentity } from '../backoffice';
import { verifyTicketQr } from '../reservations';
import { AdmissionWriter } from './admission-writer';
import { inKeyOrder } from './in-key-order';
import { CheckinRepository, NonceTaken, type DoorTicketRow, type StoredAnswer } from './checkin.repository';
import { doorMessage } from './door-messages';
import { DoorScope } from './door-scope';
import { RotatingSecrets } from './rotating-secrets';
import './checkin.errors';
import { checkTicketCodeOffLoop } from './ticket-code-check';
import { TicketKeys } from './ticket-keys.service';

export interface DoorScanInput {
  code: string;
  presentationId: number;
  gate: string;
  device: string;
  scannedAt: Date;
  nonce: string;
  direction: 'in' | 'out';
}

/** An offline scan uploaded later: what the scanner itself answered then. */
export interface OfflineScan {
  deviceOutcome: DoorOutcome;
}

/** One queued scan of an upload and what the server made of it. */
export interface QueuedDoorScan {
  scan: DoorScanInput;
  offline: OfflineScan;
}
export interface UploadedScan {
  nonce: string;
  outcome: DoorOutcome;
  replayed: boolean;
  conflict: boolean;
}

/** An upload's scans in flight at once (each through the batched first entry; online scans queue among them). */
const UPLOAD_LANES = 32;

/** A ticket identifier typed at the door (the e-ticket prints it under the code). */
const TYPED_IDENTIFIER = /^T[0-9A-HJKMNP-TV-Z]{12}$/;

interface ResolvedCode {
  identifier: string;
  fields: TicketCodeFields | null;
  /** A rotating code, fresh at the scan's moment. */
  rotating: boolean;
}

/**
 * The door (docs/door-checkin.md, "Redemption"): reads the code, decides with the shared rule, lets the ticket in
 * through the one guarded statement and logs the scan under its nonce, all in one transaction.
 */
@Injectable()
export class RedemptionService {
  constructor(
    private readonly repository: CheckinRepository,
    private readonly admissions: AdmissionWriter,
    private readonly keys: TicketKeys,
    private readonly rotating: RotatingSecrets,
    private readonly scope: DoorScope,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async redeem(staff: StaffIdentity, scan: DoorScanInput, locale: Locale): Promise<RedeemResponse> {
    await this.scope.presentation(staff, scan.presentationId);
    const at = this.clock.now();
    const code = await this.resolve(scan.code, at);
    const { answer, replayed } =
      (await this.withoutTransaction(staff, scan, { at, receivedAt: at, code, offline: null })) ??
      (await this.decide(staff, scan, null, { at, code }));
    return this.worded(answer, replayed, locale);
  }

  /**
   * The door's common cases online without a transaction (docs/door-checkin.md, "Cost per scan"): a first entry is
   * ONE statement (AdmissionWriter.firstTry: the ticket read, and let in, with its scan row, when every fact the rule
   * admits on holds); a refusal is then stored as it is, by the rule over the ticket as that statement read it (one
   * insert: it lets nobody in, so no lock makes it truer). A re-entry after an exit where the show allows it is let
   * in by the same statement, and an exit is one statement of its own (AdmissionWriter.exitTry). Null for the rest (a
   * ticket already in, an exit not allowed or of a ticket not inside, a nonce seen before, a ticket changed
   * meanwhile): the full transaction decides it.
   *
   * An uploaded scan the scanner let in (or out) takes the same path at its own moment (`at`, the scan's, never later
   * than the upload), its row marked offline and received at the upload; a refusal by the rule is then a conflict
   * (the guest went in at the gate). A scan the scanner turned away goes to the transaction (its answer is the
   * scanner's, with the ticket's entry as it stands).
   */
  private async withoutTransaction(
    staff: StaffIdentity,
    scan: DoorScanInput,
    {
      at,
      receivedAt,
      code,
      offline,
    }: { at: Date; receivedAt: Date; code: ResolvedCode | null; offline: OfflineScan | null },
  ): Promise<{ answer: StoredAnswer; replayed: boolean; conflict: boolean } | null> {
    if (offline && offline.deviceOutcome !== (scan.direction === 'in' ? 'admitted' : 'exited')) return null;
    try {
      const entry = code && {
        identifier: code.identifier,
        presentationId: scan.presentationId,
        codePresentationId: code.fields?.presentationId ?? null,
        codeSeat: code.fields,
        rotating: code.rotating,
        at,
        gate: scan.gate,
        device: scan.device,
      };
      const scanned = {
        nonce: scan.nonce,
        staffUserId: staff.userId,
        scannedAt: scan.scannedAt,
        receivedAt,
        offline: offline !== null,
      };
      const first = !entry
        ? { ticket: null, admitted: false, first: null }
        : scan.direction === 'in'
          ? await this.admissions.firstTry(entry, scanned)
          : await this.admissions.exitTry(entry, scanned).then((e) => ({ ...e, admitted: e.exited }));
      const { ticket } = first;
      // The statement stored this very answer (its jsonb) with the scan.
      if (first.admitted && ticket)
        return {
          answer: this.answerOf(scan.direction === 'in' ? 'admitted' : 'exited', ticket, first.first),
          replayed: false,
          conflict: false,
        };
      const verdict = code
        ? doorVerdict(ticket, {
            presentationId: scan.presentationId,
            codePresentationId: code.fields?.presentationId ?? null,
            codeSeat: code.fields,
            rotating: code.rotating,
            at,
          })
        : 'not-valid';
      if (verdict === 'proceed' && ticket) return null;
      const answer = this.answerOf(verdict === 'proceed' ? 'not-valid' : verdict, ticket, null);
      const conflict = offline?.deviceOutcome === 'admitted';
      await this.repository.insertScan(this.repository.manager, {
        ...this.scanRow(staff, scan, ticket?.id ?? null, receivedAt, offline !== null, conflict),
        answer,
      });
      return { answer, replayed: false, conflict };
    } catch (error) {
      if (error instanceof NonceTaken) return null;
      throw error;
    }
  }

  private scanRow(
    staff: StaffIdentity,
    scan: DoorScanInput,
    ticketId: string | null,
    receivedAt: Date,
    offline: boolean,
    conflict: boolean,
  ) {
    return {
      nonce: scan.nonce,
      presentationId: scan.presentationId,
      ticketId,
      staffUserId: staff.userId,
      gate: scan.gate,
      device: scan.device,
      direction: scan.direction,
      scannedAt: scan.scannedAt,
      receivedAt,
      offline,
      conflict,
    };
  }

  /**
   * An offline scanner's queue (docs/door-checkin.md, "Offline"): the server's decision stands, and a disagreement is
   * recorded as a conflict. The nonces stored before are read in one statement and answered as stored (a queue sent
   * again); the others go as online scans do (`withoutTransaction`: the scans the scanner let in through the batched
   * first entry, alongside the gates' online scans), UPLOAD_LANES at once, the scans of one ticket one after another
   * in the queue's order. Someone else's nonce stops the upload there (409), as it did scan by scan.
   */
  async uploads(staff: StaffIdentity, queued: QueuedDoorScan[]): Promise<UploadedScan[]> {
    const receivedAt = this.clock.now();
    const stored = await this.repository.storedAnswers(queued.map((q) => q.scan.nonce));
    const foreign = queued.findIndex((q) => (stored.get(q.scan.nonce)?.staffUserId ?? staff.userId) !== staff.userId);
    const mine = foreign < 0 ? queued : queued.slice(0, foreign);
    // The scan's moment, never later than the upload: whether doors were open, and a rotating code's freshness.
    const momentOf = (q: QueuedDoorScan) => new Date(Math.min(q.scan.scannedAt.getTime(), receivedAt.getTime()));
    const codes = await Promise.all(mine.map((q) => this.resolve(q.scan.code, momentOf(q))));
    const results = await inKeyOrder(
      mine,
      (q, i) => codes[i]?.identifier ?? `nonce:${q.scan.nonce}`,
      UPLOAD_LANES,
      async (q, i): Promise<UploadedScan> => {
        const { scan, offline } = q;
        const before = stored.get(scan.nonce);
        const code = codes[i] ?? null;
        const { answer, replayed, conflict } = before
          ? { answer: before.answer, replayed: true, conflict: before.conflict }
          : ((await this.withoutTransaction(staff, scan, { at: momentOf(q), receivedAt, code, offline })) ??
            (await this.decide(staff, scan, offline, { at: receivedAt, code })));
        return { nonce: scan.nonce, outcome: answer.outcome, replayed, conflict };
      },
    );
    if (foreign >= 0) throw new AppError('CHECKIN_NONCE_REUSED');
    return results;
  }

  worded(answer: StoredAnswer, replayed: boolean, locale: Locale): RedeemResponse {
    const time = answer.outcome === 'too-early' ? answer.doorsOpenAt : answer.admittedAt;
    return {
      outcome: answer.outcome,
      tone: doorTone(answer.outcome),
      message: doorMessage(answer.outcome, locale, { time: time ? new Date(time) : null, gate: answer.gate }),
      ticketIdentifier: answer.ticketIdentifier,
      seat: answer.seat,
      admittedAt: answer.admittedAt,
      gate: answer.gate,
      doorsOpenAt: answer.doorsOpenAt,
      replayed,
    };
  }

  private async decide(
    staff: StaffIdentity,
    scan: DoorScanInput,
    offline: OfflineScan | null,
    /** An online scan's moment and code, already resolved by the first try. */
    resolved?: { at: Date; code: ResolvedCode | null },
  ): Promise<{ answer: StoredAnswer; replayed: boolean; conflict: boolean }> {
    const receivedAt = resolved?.at ?? this.clock.now();
    // Online, the server's clock says whether doors are open (a scanner's clock may be hours off); offline, the
    // moment of the scan, never later than now.
    const at = offline ? new Date(Math.min(scan.scannedAt.getTime(), receivedAt.getTime())) : receivedAt;
    const code = resolved ? resolved.code : await this.resolve(scan.code, at);
    try {
      return await this.repository.transaction(async (tx) => {
        // A nonce seen before is found by the scan's own insert (NonceTaken, below), which rolls this transaction
        // back and answers the stored answer: no lookup before, a round trip fewer for every first scan.
        const ticket = code ? await this.repository.ticket(tx, code.identifier) : null;
        const verdict = code
          ? doorVerdict(ticket, {
              presentationId: scan.presentationId,
              codePresentationId: code.fields?.presentationId ?? null,
              codeSeat: code.fields,
              rotating: code.rotating,
              at,
            })
          : 'not-valid';
        let outcome: DoorOutcome = verdict === 'proceed' ? 'admitted' : verdict;
        let first: { admittedAt: Date; gate: string } | null = null;
        if (offline && offline.deviceOutcome !== 'admitted' && offline.deviceOutcome !== 'exited') {
          // The scanner turned the guest away: record what it said, and let nobody in after the fact.
          outcome = offline.deviceOutcome;
          first = ticket ? await this.admissions.existing(tx, ticket.id) : null;
        } else if (verdict === 'proceed' && ticket && scan.direction === 'in') {
          const admission = await this.admissions.admit(tx, {
            ticketId: ticket.id,
            presentationId: ticket.presentationId,
            at,
            gate: scan.gate,
            device: scan.device,
            reentryAllowed: ticket.reentryAllowed,
          });
          outcome = admission.admitted ? 'admitted' : 'already-admitted';
          first = admission;
        } else if (verdict === 'proceed' && ticket) {
          if (!ticket.reentryAllowed) outcome = 'exit-not-allowed';
          else outcome = (await this.admissions.exit(tx, ticket.id, at)) ? 'exited' : 'not-inside';
          first = await this.admissions.existing(tx, ticket.id);
        }
        const answer = this.answerOf(outcome, ticket, first);
        // The guest went in at an offline gate but the server cannot agree (in already elsewhere, cancelled since
        // the manifest): kept and listed, never folded away.
        const conflict = offline?.deviceOutcome === 'admitted' && outcome !== 'admitted';
        await this.repository.insertScan(tx, {
          ...this.scanRow(staff, scan, ticket?.id ?? null, receivedAt, offline !== null, conflict),
          answer,
        });
        return { answer, replayed: false, conflict };
      });
    } catch (error) {
      if (!(error instanceof NonceTaken)) throw error;
      const stored = await this.repository.storedAnswer(null, scan.nonce);
      if (!stored) throw error;
      return this.replay(staff, stored);
    }
  }

  private replay(staff: StaffIdentity, stored: { staffUserId: number; answer: StoredAnswer; conflict: boolean }) {
    // A nonce is one scanner's; someone else's is not theirs to read back.
    if (stored.staffUserId !== staff.userId) throw new AppError('CHECKIN_NONCE_REUSED');
    return { answer: stored.answer, replayed: true, conflict: stored.conflict };
  }

  private answerOf(
    outcome: DoorOutcome,
    ticket: DoorTicketRow | null,
    first: { admittedAt: Date; gate: string } | null,
  ): StoredAnswer {
    const shown = outcome !== 'not-valid' && ticket;
    return {
      outcome,
      ticketIdentifier: shown ? ticket.identifier : null,
      seat:
        shown && ticket.isReserved && ticket.rowName !== null && ticket.seatName !== null
          ? { rowName: ticket.rowName, seatName: ticket.seatName }
          : null,
      admittedAt: first ? new Date(first.admittedAt).toISOString() : null,
      gate: first?.gate ?? null,
      doorsOpenAt:
        outcome === 'too-early' && ticket
          ? new Date(ticket.showAt.getTime() - ticket.doorsOpenMinutes * 60_000).toISOString()
          : null,
    };
  }

  /**
   * The ticket a scanned text names, when it is genuine: HLR1 by its digits at `at`, HLT2 by its signature, HLT1 by
   * its HMAC, or typed.
   */
  private async resolve(text: string, at: Date): Promise<ResolvedCode | null> {
    const code = text.trim();
    if (code.startsWith(`${ROTATING_CODE_PREFIX}.`)) {
      const identifier = this.rotating.check(code, at);
      return identifier ? { identifier, fields: null, rotating: true } : null;
    }
    if (TYPED_IDENTIFIER.test(code)) return { identifier: code, fields: null, rotating: false };
    let verdict = await checkTicketCodeOffLoop(code, await this.keys.publicKeys(), at);
    if (verdict.verdict === 'not-valid' && verdict.reason === 'unknown-key')
      verdict = await checkTicketCodeOffLoop(code, await this.keys.publicKeys({ fresh: true }), at);
    if (verdict.verdict === 'genuine')
      return { identifier: verdict.fields.ticketIdentifier, fields: verdict.fields, rotating: false };
    if (verdict.verdict === 'ask-server') {
      const identifier = verifyTicketQr(this.config.TICKET_SIGNING_KEY, code);
      return identifier ? { identifier, fields: null, rotating: false } : null;
    }
    return null;
  }
}
