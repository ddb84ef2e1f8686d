import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import { BACK_OFFICE_PERMISSION, queueUrlOf, withinBusinessScope } from '@hotline/shared';
import { AuditLogRepository } from '../backoffice';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { RefusalTally } from '../observability';
import { currentAdmission, type AdmissionStaff } from '../common/admission-context';
import { SeatAdmission } from '../seats';
import { OnSales } from './on-sales';
import type { OnSaleRule } from './on-sale.repository';
import { QueueTickets } from './queue-tickets';
import './queue.errors';

/**
 * 403 QUEUE_REQUIRED, `{ error, message, queueUrl }`: the one error shape plus the waiting page's URL,
 * so the storefront can send the visitor there (added by toErrorResponse, see AppError.extraBody).
 */
export class QueueRequiredError extends AppError {
  constructor(readonly presentationId: number) {
    super('QUEUE_REQUIRED');
  }

  override extraBody(): Record<string, unknown> {
    return { queueUrl: queueUrlOf(this.presentationId) };
  }
}

/** How long one staff pass by right is audited for (per staff member, browser and presentation, per node). */
export const STAFF_PASS_AUDIT_WINDOW_MS = 15 * 60_000;
/** The audit action of a staff pass by right (docs/waiting-room.md, "Staff at the counter"). */
export const STAFF_PASS_AUDIT_ACTION = 'queue-staff-pass';

/**
 * The admission decision, taken by the seat engine at its entry points (never by a route decorator):
 * a seat may be taken on a presentation whose queue is on only by a caller admitted to it.
 *
 * - a request carrying a valid pass for that presentation bound to its own uuid (an HMAC, no I/O);
 * - staff holding permission 267 (box-office sale) for a presentation of their businesses, by right,
 *   audited once per staff member + browser + presentation per STAFF_PASS_AUDIT_WINDOW_MS;
 * - the server's own work, declared with asSystem().
 *
 * Anything else is QUEUE_REQUIRED, including a seat change with no admission context at all (fail
 * closed, logged: it means a new entry point runs outside any request or declared system work).
 * Presentations not behind a queue cost one in-memory Map lookup (OnSales).
 */
@Injectable()
export class AdmissionGate implements SeatAdmission {
  private readonly audited = new Map<string, number>();

  constructor(
    private readonly onSales: OnSales,
    private readonly tickets: QueueTickets,
    private readonly clock: Clock,
    private readonly audit: AuditLogRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly refusals?: RefusalTally,
  ) {}

  /**
   * Refuses (QUEUE_REQUIRED, naming the first presentation that fails) unless the caller is admitted to
   * every queued presentation among `presentationIds`. Resolves at once except for the first staff pass
   * of a window, which waits for its audit row.
   */
  async admit(presentationIds: Iterable<number>): Promise<void> {
    let audits: Promise<void>[] | undefined;
    for (const id of presentationIds) {
      const rule = this.onSales.queued(id);
      if (!rule) continue;
      const audit = this.decide(rule);
      if (audit) (audits ??= []).push(audit);
    }
    if (audits) await Promise.all(audits);
  }

  private decide(rule: OnSaleRule): Promise<void> | undefined {
    const id = rule.presentationId;
    const admission = currentAdmission();
    if (!admission) {
      this.logger.error({ presentationId: id }, 'seat change outside any request or declared system work: refused');
      throw new QueueRequiredError(id);
    }
    if (admission.kind === 'system') return undefined;
    const earlier = admission.decided.get(id);
    if (earlier === true) return undefined;
    if (earlier) throw earlier;
    const now = this.clock.nowMs();
    if (this.tickets.valid(admission.passOf(id), 'p', id, admission.visitorId, now)) {
      admission.decided.set(id, true);
      return undefined;
    }
    const staff = admission.staff();
    if (staff && this.sellsAtCounter(staff, rule)) {
      admission.decided.set(id, true);
      return this.auditStaffPass(staff, admission.visitorId, rule, now);
    }
    const refused = new QueueRequiredError(id);
    admission.decided.set(id, refused);
    // Counted once per request (the decision is remembered for the rest of it): the control room's queue refusals.
    this.refusals?.count(id, 'queue', 'queue_required');
    throw refused;
  }

  private sellsAtCounter(staff: AdmissionStaff, rule: OnSaleRule): boolean {
    return (
      staff.permissions.includes(BACK_OFFICE_PERMISSION.producerTicketSale) &&
      withinBusinessScope(staff.businessIds, [rule.businessId])
    );
  }

  /**
   * One audit row per staff member, browser (uuid) and presentation per window on this node, not one per
   * seat click: a counter session is dozens of block locks and sales. Written before the seat changes.
   */
  private auditStaffPass(staff: AdmissionStaff, visitorId: string, rule: OnSaleRule, now: number) {
    const key = `${staff.userId}|${visitorId}|${rule.presentationId}`;
    const last = this.audited.get(key);
    if (last !== undefined && now - last < STAFF_PASS_AUDIT_WINDOW_MS) return undefined;
    if (this.audited.size > 10_000) {
      for (const [k, at] of this.audited) if (now - at >= STAFF_PASS_AUDIT_WINDOW_MS) this.audited.delete(k);
    }
    this.audited.set(key, now);
    return this.audit
      .record({
        staffUserId: staff.userId,
        action: STAFF_PASS_AUDIT_ACTION,
        businessId: rule.businessId,
        subject: `presentation:${rule.presentationId}`,
        detail: {
          permission: BACK_OFFICE_PERMISSION.producerTicketSale,
          windowMinutes: STAFF_PASS_AUDIT_WINDOW_MS / 60_000,
        },
      })
      .catch((error: unknown) => {
        // Not audited, not passed: the next call tries again.
        this.audited.delete(key);
        throw error;
      });
  }
}
