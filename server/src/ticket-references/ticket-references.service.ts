import { Injectable } from '@nestjs/common';
import type { EditReferenceQuantityRequest, TicketReferenceDetailResponse, TicketReferenceRow } from '@hotline/shared';
import {
  TICKET_REFERENCE_PRICE_TYPE,
  jerusalemDateKey,
  jerusalemDayRangeUtc,
  normaliseReference,
  quantityEditAllowed,
  withinBusinessScope,
} from '@hotline/shared';
import { AuditLogRepository, type StaffIdentity } from '../backoffice';
import { Clock } from '../common/clock';
import { AppError } from '../common/app-error';
import './ticket-references.errors';
import { TicketReferencesRepository } from './ticket-references.repository';

/**
 * Ticket-reference administration (permission 269, docs/back-office.md "Ticket references"):
 * everything is limited to the staff member's businesses; an id the call names that belongs to
 * another business is refused (403 STAFF_BUSINESS_SCOPE), never silently filtered.
 */
@Injectable()
export class TicketReferencesService {
  constructor(
    private readonly repo: TicketReferencesRepository,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  /** `userId` is the spec's parameter: the server never takes it on trust; only one's own is accepted. */
  private checkUser(staff: StaffIdentity, userId: number | undefined): void {
    if (userId !== undefined && userId !== staff.userId) throw new AppError('STAFF_PERMISSION_DENIED');
  }

  private businesses(staff: StaffIdentity, businessIds: number[] | undefined): number[] {
    if (!businessIds || businessIds.length === 0) return staff.businessIds;
    if (!withinBusinessScope(staff.businessIds, businessIds)) throw new AppError('STAFF_BUSINESS_SCOPE');
    return businessIds;
  }

  private async checkAgent(staff: StaffIdentity, agentId: number | undefined): Promise<void> {
    if (agentId === undefined) return;
    const b = await this.repo.agentBusiness(agentId);
    if (b === null) throw new AppError('REFERENCE_OPTION_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, [b])) throw new AppError('STAFF_BUSINESS_SCOPE');
  }

  private async rowInScope(staff: StaffIdentity, rowId: number): Promise<TicketReferenceRow> {
    const row = await this.repo.row(rowId);
    if (!row) throw new AppError('REFERENCE_OPTION_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, [row.BusinessId])) throw new AppError('STAFF_BUSINESS_SCOPE');
    return row;
  }

  async agents(staff: StaffIdentity, userId?: number) {
    this.checkUser(staff, userId);
    return { agents: await this.repo.agents(staff.businessIds) };
  }

  async rows(staff: StaffIdentity, q: { businessIds?: number[]; customerId?: number; userId?: number }) {
    this.checkUser(staff, q.userId);
    const businessIds = this.businesses(staff, q.businessIds);
    await this.checkAgent(staff, q.customerId);
    return { rows: await this.repo.rows({ businessIds, agentId: q.customerId }) };
  }

  async detail(staff: StaffIdentity, rowId: number): Promise<TicketReferenceDetailResponse> {
    const row = await this.rowInScope(staff, rowId);
    return { row, history: await this.repo.history(rowId) };
  }

  /** dateType 2 (default): by sale date; 1: by show date. Default range: the last month to today (Asia/Jerusalem days). */
  async sales(
    staff: StaffIdentity,
    q: {
      startDate?: string;
      endDate?: string;
      dateType?: number;
      businessIds?: number[];
      customerId?: number;
      rowId?: number;
    },
  ) {
    const businessIds = this.businesses(staff, q.businessIds);
    await this.checkAgent(staff, q.customerId);
    if (q.rowId !== undefined) await this.rowInScope(staff, q.rowId);
    const now = this.clock.now();
    const monthAgo = new Date(now);
    monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
    const from = jerusalemDayRangeUtc(q.startDate ?? jerusalemDateKey(monthAgo)).startUtc;
    const to = jerusalemDayRangeUtc(q.endDate ?? jerusalemDateKey(now)).endUtc;
    if (from >= to) throw new AppError('INVALID_QUERY', { details: 'startDate must not be after endDate' }, 400);
    const sales = await this.repo.sales({
      businessIds,
      from,
      to,
      byShowDate: (q.dateType ?? 2) === 1,
      agentId: q.customerId,
      rowId: q.rowId,
    });
    return { sales };
  }

  /**
   * POST editReferencePromptOptionQuantity/1/:type/:priceId/:rowId. rowId > 0 sets that row's quantity; the
   * path's type and priceId and the body's references must be the row's (a stale screen is refused, never
   * applied to another row). rowId 0 adds a reference to a ticket (type 1). Every change is kept in the
   * row's history and in the audit log.
   */
  async edit(
    staff: StaffIdentity,
    p: { type: number; priceId: number; rowId: number },
    body: EditReferenceQuantityRequest,
  ): Promise<{ row: TicketReferenceRow }> {
    const reference1 = body.reference.trim();
    const reference2 = (body.reference2 ?? '').trim();
    if (p.rowId === 0) return { row: await this.create(staff, p, reference1, reference2, body.quantity) };

    const current = await this.rowInScope(staff, p.rowId);
    if (current.PriceType !== p.type || current.PriceId !== p.priceId) throw new AppError('REFERENCE_OPTION_NOT_FOUND');
    const changed = await this.repo.editQuantity(p.rowId, staff.userId, (locked) => {
      if (
        normaliseReference(locked.Reference1) !== normaliseReference(reference1) ||
        normaliseReference(locked.Reference2) !== normaliseReference(reference2)
      )
        throw new AppError('REFERENCE_MISMATCH');
      if (!quantityEditAllowed(body.quantity, locked.Used))
        throw new AppError('REFERENCE_QUANTITY_BELOW_USED', { used: locked.Used });
      return body.quantity;
    });
    if (!changed) throw new AppError('REFERENCE_OPTION_NOT_FOUND');
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'reference-quantity',
      businessId: changed.after.BusinessId,
      subject: `ticket-reference:${p.rowId}`,
      detail: { from: changed.before.Quantity, to: changed.after.Quantity },
    });
    return { row: changed.after };
  }

  private async create(
    staff: StaffIdentity,
    p: { type: number; priceId: number },
    reference1: string,
    reference2: string,
    quantity: number,
  ): Promise<TicketReferenceRow> {
    // A price-policy row (type 2) spans tickets of many presentations: it is set up with the business, not here.
    if (p.type !== TICKET_REFERENCE_PRICE_TYPE.ticket)
      throw new AppError('INVALID_QUERY', { details: 'new references are added to a ticket (type 1)' }, 400);
    const businessId = await this.repo.ticketBusiness(p.priceId);
    if (businessId === null) throw new AppError('REFERENCE_OPTION_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, [businessId])) throw new AppError('STAFF_BUSINESS_SCOPE');
    const row = await this.repo.create({
      businessId,
      ticketId: p.priceId,
      reference1,
      reference2,
      quantity,
      staffUserId: staff.userId,
    });
    if (!row) throw new AppError('REFERENCE_ALREADY_EXISTS');
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'reference-create',
      businessId,
      subject: `ticket-reference:${row.PriceRowId}`,
      detail: { ticket: p.priceId, quantity },
    });
    return row;
  }
}
