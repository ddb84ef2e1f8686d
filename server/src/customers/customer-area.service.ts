import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  isValidIsraeliMobile,
  isVideoOnDemand,
  normaliseMobile,
  type CustomerAreaInfo,
  type CustomerAreaReservation,
  type CustomerAreaTicket,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CustomersRepository, type AreaTicketRow } from './customers.repository';

export const customerUpdateBody = z.object({
  FirstName: z.string().trim().min(1).max(50),
  LastName: z.string().trim().min(1).max(50),
  EmailAddress1: z.string().trim().email().max(254),
  MobileNumber1: z.string().trim().min(9).max(20),
  Address1: z.string().trim().max(100).optional().nullable(),
  City: z.string().trim().max(60).optional().nullable(),
  DateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .nullable()
    .or(z.literal('')),
});

/** What the customer area shows (customerAreaInfo) and the details edit. */
@Injectable()
export class CustomerAreaService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async info(customerId: number, locale: Locale): Promise<CustomerAreaInfo> {
    const c = await this.customers.byId(customerId);
    if (!c) throw new AppError('CUSTOMER_NOT_LOGGED_IN');
    const [rows, vouchers, members] = await Promise.all([
      this.customers.areaTickets(customerId),
      this.customers.vouchers(customerId),
      this.customers.members(customerId),
    ]);
    const reservations = this.group(rows, locale);
    return {
      CustomerId: c.id,
      FirstName: c.firstName,
      LastName: c.lastName,
      SSN: c.ssn,
      EmailAddress1: c.email,
      MobileNumber1: c.mobile,
      IsEmailAllowed: c.isEmailAllowed,
      IsSMSAllowed: c.isSmsAllowed,
      Address1: c.address1,
      Address2: c.address2,
      City: c.city,
      PostalCode: c.postalCode,
      DateOfBirth: c.dateOfBirth,
      LicensePlateNumber: c.licensePlate,
      reservations,
      SystemVouchers: vouchers.map((v) => ({
        Reference: v.reference,
        Name: localizedName(locale, { he: v.name, en: v.nameEn, ru: v.nameRu, ar: v.nameAr }),
        BalanceAgorot: v.balanceAgorot,
        IsForReplacement: v.isForReplacement,
        StartDate: new Date(v.startsAt).toISOString(),
        EndDate: v.expiresAt ? new Date(v.expiresAt).toISOString() : null,
        DateTimeCreated: new Date(v.createdAt).toISOString(),
      })),
      members: members.map((m) => ({ CustomerId: m.id, FirstName: m.firstName, LastName: m.lastName })),
      CreditBalanceAgorot: c.creditBalanceAgorot,
      VODTickets: rows
        .filter((r) => isVideoOnDemand(r.venueTypeId) && r.status === 'live')
        .map((r) => this.ticket(r, locale)),
    };
  }

  private ticket(r: AreaTicketRow, locale: Locale): CustomerAreaTicket {
    const name = (he: string, en: string, ru: string | null, ar: string | null) =>
      localizedName(locale, { he, en, ru, ar });
    return {
      TicketIdentifier: r.ticketIdentifier,
      PresentationId: r.presentationId,
      FeatureName: name(r.featureName, r.featureNameEn, r.featureNameRu, r.featureNameAr),
      VenueName: name(r.venueName, r.venueNameEn, r.venueNameRu, r.venueNameAr),
      DateTime: new Date(r.dateTime).toISOString(),
      SectionName: name(r.sectionName, r.sectionNameEn, r.sectionNameRu, r.sectionNameAr),
      RowName: r.rowName,
      SeatName: r.seatName,
      AmountAgorot: r.amountAgorot,
      Status: r.status,
    };
  }

  private group(rows: AreaTicketRow[], locale: Locale): CustomerAreaReservation[] {
    const now = this.clock.nowMs();
    const byId = new Map<string, { first: AreaTicketRow; tickets: AreaTicketRow[] }>();
    for (const r of rows) {
      const g = byId.get(r.reservationId) ?? { first: r, tickets: [] };
      g.tickets.push(r);
      byId.set(r.reservationId, g);
    }
    return [...byId.values()].map(({ first, tickets }) => {
      const eventMs = Math.min(...tickets.map((t) => new Date(t.dateTime).getTime()));
      const live = tickets.filter((t) => t.status === 'live');
      return {
        ReservationIdentifier: first.identifier,
        State: first.state,
        DateTimeCreated: new Date(first.createdAt).toISOString(),
        TotalAgorot: first.totalAgorot,
        ETicketUrl: `/edocument/${first.documentKey}`,
        EventDateTime: new Date(eventMs).toISOString(),
        IsPast: eventMs < now,
        IsCancellable:
          this.config.CUSTOMER_CANCELLATION_ENABLED &&
          first.state === 'paid' &&
          eventMs > now &&
          live.some((t) => t.customerMayCancel),
        Tickets: tickets.map((t) => this.ticket(t, locale)),
      };
    });
  }

  async update(customerId: number, pathId: number, body: unknown): Promise<void> {
    // Someone else's id answers exactly like a missing one.
    if (customerId !== pathId) throw new AppError('CUSTOMER_NOT_FOUND');
    const parsed = customerUpdateBody.safeParse(body ?? {});
    if (!parsed.success) throw new AppError('CUSTOMER_SAVE_FAILED');
    const d = parsed.data;
    const mobile = normaliseMobile(d.MobileNumber1);
    if (!isValidIsraeliMobile(mobile)) throw new AppError('CUSTOMER_SAVE_FAILED');
    try {
      await this.customers.update(customerId, {
        firstName: d.FirstName,
        lastName: d.LastName,
        email: d.EmailAddress1,
        mobile,
        address1: d.Address1?.replace(/#/g, '').trim() || null,
        city: d.City || null,
        dateOfBirth: d.DateOfBirth || null,
      });
    } catch {
      // e.g. the e-mail belongs to another account: refused, nothing changed.
      throw new AppError('CUSTOMER_SAVE_FAILED');
    }
  }
}
