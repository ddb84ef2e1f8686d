import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BACK_OFFICE_PERMISSION, walkInCustomer, type CommitResponse, type CustomerDetails } from '@hotline/shared';
import { AuditLogRepository, BusinessScope, type StaffIdentity, StaffSessions } from '../backoffice';
import type { ParsedCart } from '../cart';
import { AppError } from '../common/app-error';

/** A box-office sale the server has accepted: who sells, to whom, and how the buyer pays. */
export interface ProducerSale {
  staff: StaffIdentity;
  customer: CustomerDetails;
  tender: 'card' | 'cash';
  businessIds: number[];
}

/** Whether the cart asks for the producer variant of the commit (any of its fields present). */
export function isProducerCart(cart: ParsedCart): boolean {
  return cart.mobileNumber != null || cart.customerName != null || cart.tender != null;
}

/**
 * The producer variant of POST /payment/commit (memberships-backoffice-spec.md, producer calls: the cart carries
 * mobileNumber and customerName). A storefront cart never carries these; when one does, the request must come from
 * a signed-in staff member holding "producer ticket sale" (267) whose businesses own every presentation in the cart.
 * The walk-in buyer then replaces the storefront's customer form, tickets go to their mobile by SMS, and the box
 * office may take cash instead of the card page. Checked before anything is quoted, locked longer or charged.
 */
@Injectable()
export class ProducerSaleAuthority {
  constructor(
    private readonly sessions: StaffSessions,
    private readonly scope: BusinessScope,
    private readonly audit: AuditLogRepository,
  ) {}

  async authorise(request: FastifyRequest, cart: ParsedCart): Promise<ProducerSale | null> {
    if (!isProducerCart(cart)) return null;
    const staff = await this.sessions.require(request);
    if (!staff.permissions.includes(BACK_OFFICE_PERMISSION.producerTicketSale)) {
      throw new AppError('STAFF_PERMISSION_DENIED');
    }
    // Tickets only: gift vouchers, donations and memberships have their own storefront flows.
    const onlyTickets = !cart.vouchers?.length && !cart.donations?.length && cart.seats.length > 0;
    if (!onlyTickets) throw new AppError('BOX_OFFICE_TICKETS_ONLY');
    const businessIds = await this.scope.presentations(
      staff,
      cart.seats.map((s) => s.prsntId),
    );
    // Authenticated here rather than by a route guard: recorded on the request like StaffGuard does, so the
    // waiting room's gate sees a counter sale (permission 267 passes by right, docs/waiting-room.md).
    (request as FastifyRequest & { staff?: StaffIdentity }).staff = staff;
    const buyer = walkInCustomer(cart.customerName, cart.mobileNumber);
    if (!buyer.ok) throw new AppError('WALK_IN_CUSTOMER_INVALID', { fields: buyer.issues });
    // No marketing consent is asked at the counter, and the buyer did not tick the storefront's terms: both false.
    const customer = { ...buyer.customer, isMailingAllowed: false, termsAccepted: false };
    return { staff, customer, tender: cart.tender ?? 'card', businessIds };
  }

  /** The audit trail of a finished box-office sale (never personal data: the order's identifier says whose). */
  async recordSale(sale: ProducerSale, result: CommitResponse): Promise<void> {
    await this.audit.record({
      staffUserId: sale.staff.userId,
      action: 'box-office-sale',
      businessId: sale.businessIds.length === 1 ? sale.businessIds[0] : null,
      subject: `reservation:${result.reservationIdentifier}`,
      detail: { tender: sale.tender, total: result.total, tickets: result.ticketIdentifiers.length },
    });
  }
}
