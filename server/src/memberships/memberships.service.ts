import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  agorotToShekels,
  isValidIsraeliMobile,
  MAX_MEMBERSHIPS_PER_ORDER,
  MEMBERSHIP_TYPE_SEASON,
  membershipPriceFrom,
  normaliseMobile,
  type ApiMembership,
  type AvailableMember,
  type MembershipLockResponse,
  type MembershipSeatplanResponse,
  type MembershipsResponse,
  type MemberTicketsResponse,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import type { Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sendSmsNow } from '../notifications';
import { NotificationSender } from '../notifications';
import { SeatAcrossService, SeatEngineService } from '../seats';
import { MembershipsRepository, type MemberRow, type MembershipRow } from './memberships.repository';
import './memberships.errors';

/** The seat a membership or enrolment lock names (the spec's two body shapes, normalised). */
export interface MembershipSeatInput {
  membershipId: number;
  venueId: number;
  seatplanId: number;
  sectionId: number;
  x: number;
  y: number;
  /** Enrolment: the chosen events (required ones are added); membership: ignored (the membership's own). */
  presentationIds?: number[];
}

/** How long a confirmed member stays usable for member tickets by this visitor. */
const GRANT_HOURS = 2;
const CODE_MINUTES = 10;

/** Membership state, from the dates and the balance (pure; the clock is the caller's). */
export function memberStanding(
  m: MemberRow,
  now: Date,
): Pick<AvailableMember, 'isAvailable' | 'isExpired' | 'isNotStarted'> {
  const isNotStarted = m.startsAt.getTime() > now.getTime();
  const isExpired = m.endsAt.getTime() <= now.getTime();
  return { isNotStarted, isExpired, isAvailable: !isNotStarted && !isExpired && m.balance - m.usedBalance > 0 };
}

/**
 * Memberships and season enrolment: the list and detail, the seat steps (one fixed seat held on every
 * presentation of the membership at once, through the seat engine's multi-presentation script), member lookups
 * and `hasActiveMembership` for hold orders.
 */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly repo: MembershipsRepository,
    private readonly across: SeatAcrossService,
    private readonly engine: SeatEngineService,
    private readonly sender: NotificationSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** For hold orders: a started, unexpired, active membership. */
  hasActiveMembership(customerId: number): Promise<boolean> {
    return this.repo.hasActiveMembership(customerId);
  }

  private async presentationInfo(ids: number[]): Promise<Map<number, { dateTime: string; featureName: string }>> {
    const out = new Map<number, { dateTime: string; featureName: string }>();
    await Promise.all(
      [...new Set(ids)].map(async (id) => {
        const l = await this.engine.layout(id).catch(() => null);
        if (l) out.set(id, { dateTime: new Date(l.presentation.dateTime).toISOString(), featureName: '' });
      }),
    );
    return out;
  }

  toApi(
    m: MembershipRow,
    locale: Locale,
    info = new Map<number, { dateTime: string; featureName: string }>(),
  ): ApiMembership {
    const detail: ApiMembership['PresentationDetail'] = {};
    for (const d of m.details) {
      ((detail[d.presentationId] ??= {})[d.ticketGroupId] ??= {})[d.ticketId] = {
        IsPriceOverride: d.isPriceOverride,
        Price: agorotToShekels(d.priceAgorot),
      };
    }
    return {
      MembershipId: m.id,
      MembershipTypeId: m.typeId,
      Code: m.code,
      Name: localizedName(locale, {
        he: m.name,
        en: m.nameEn,
        ru: m.translations?.ru?.name,
        ar: m.translations?.ar?.name,
      }),
      ClassName: m.className,
      SeasonId: m.seasonId,
      IsSkipMemberSeat: m.isSkipMemberSeat,
      IsPricingPerTicket: m.isPricingPerTicket,
      DefaultTicketGroupId: m.defaultTicketGroupId,
      Balance: m.balanceUnits,
      hasSeat: m.typeId !== MEMBERSHIP_TYPE_SEASON && this.seatPresentations(m).length > 0,
      prices: m.prices.map((p) => ({
        MembershipPriceId: p.id,
        PriceCode: p.priceCode,
        Name: localizedName(locale, {
          he: p.name,
          en: p.nameEn,
          ru: p.translations?.ru?.name,
          ar: p.translations?.ar?.name,
        }),
        Price: agorotToShekels(p.priceAgorot),
        currency: { CurrencyId: p.currencyId, Price: agorotToShekels(p.priceAgorot), symbol: '₪', code: 'ILS' },
        selectedQuantity: 0,
        usedQuantity: 0,
        references: { reference1: p.reference1, reference2: p.reference2 },
        isTopup: p.isTopup,
      })),
      Presentations: m.presentations.map((p) => ({
        PresentationId: p.presentationId,
        IsRequired: p.isRequired,
        MembershipPayableAmount: agorotToShekels(p.payableAgorot),
        dateTime: info.get(p.presentationId)?.dateTime,
      })),
      PresentationDetail: detail,
      topups: {},
      PriceFrom: this.priceFrom(m),
    };
  }

  private priceFrom(m: MembershipRow): number | null {
    const agorot = membershipPriceFrom({
      pricingPerTicket: m.isPricingPerTicket,
      rates: m.prices,
      presentations: m.presentations,
      overrides: m.details.filter((d) => d.isPriceOverride),
    });
    return agorot === null ? null : agorotToShekels(agorot);
  }

  async list(locale: Locale): Promise<MembershipsResponse> {
    const rows = await this.repo.memberships();
    const info = await this.presentationInfo(rows.flatMap((m) => m.presentations.map((p) => p.presentationId)));
    return {
      memberships: rows.map((m) => this.toApi(m, locale, info)),
      maxMembershipsPerOrder: MAX_MEMBERSHIPS_PER_ORDER,
    };
  }

  async byCode(code: string, locale: Locale): Promise<{ membership: ApiMembership }> {
    const [m] = await this.repo.memberships({ code });
    if (!m) throw new AppError('MEMBERSHIP_NOT_FOUND');
    const info = await this.presentationInfo(m.presentations.map((p) => p.presentationId));
    return { membership: this.toApi(m, locale, info) };
  }

  async require(id: number): Promise<MembershipRow> {
    const m = await this.repo.membership(id);
    if (!m) throw new AppError('MEMBERSHIP_NOT_FOUND');
    return m;
  }

  /** Where a membership seat is held: the series' presentations, else the membership's seat presentation. */
  seatPresentations(m: MembershipRow): number[] {
    if (m.presentations.length > 0) return m.presentations.map((p) => p.presentationId);
    return m.seatPresentationId ? [m.seatPresentationId] : [];
  }

  /** An enrolment's presentations: the chosen ones of the membership, with every required one added. */
  enrolPresentations(m: MembershipRow, chosen: number[]): number[] {
    const own = new Set(m.presentations.map((p) => p.presentationId));
    for (const id of chosen)
      if (!own.has(id)) throw new AppError('INVALID_BODY', { details: `presentation ${id} is not in this membership` });
    const set = new Set([...chosen, ...m.presentations.filter((p) => p.isRequired).map((p) => p.presentationId)]);
    return m.presentations.map((p) => p.presentationId).filter((id) => set.has(id));
  }

  async seatplan(membershipId: number, enrol: boolean): Promise<MembershipSeatplanResponse> {
    const m = await this.require(membershipId);
    const pids = enrol ? m.presentations.map((p) => p.presentationId) : this.seatPresentations(m);
    if (pids.length === 0) throw new AppError('MEMBERSHIP_NOT_FOUND');
    const layouts = await Promise.all(pids.map((id) => this.engine.layout(id)));
    const unavailable = new Set<string>();
    for (const layout of layouts) {
      const { state } = await this.engine.snapshot(layout);
      for (const key of state.keys()) unavailable.add(key);
    }
    const first = layouts[0]!.presentation;
    return {
      seatplan: {
        MembershipId: m.id,
        VenueId: first.venueId,
        VenueSeatplanId: first.seatplanId,
        presentationIds: pids,
        unavailable: [...unavailable],
      },
    };
  }

  private async presentationsFor(
    input: MembershipSeatInput,
    enrol: boolean,
  ): Promise<{ m: MembershipRow; pids: number[] }> {
    const m = await this.require(input.membershipId);
    const pids = enrol ? this.enrolPresentations(m, input.presentationIds ?? []) : this.seatPresentations(m);
    if (pids.length === 0) throw new AppError('INVALID_BODY', { details: 'this membership has no seat to choose' });
    if (enrol && m.typeId !== MEMBERSHIP_TYPE_SEASON)
      throw new AppError('INVALID_BODY', { details: 'not a season membership' });
    const first = await this.engine.layout(pids[0]!);
    if (first.presentation.venueId !== input.venueId || first.presentation.seatplanId !== input.seatplanId) {
      throw new AppError('INVALID_BODY', { details: 'venueId/seatplanId do not belong to this membership' });
    }
    return { m, pids };
  }

  async lockSeat(visitorId: string, input: MembershipSeatInput, enrol: boolean): Promise<MembershipLockResponse> {
    const { pids } = await this.presentationsFor(input, enrol);
    const ref = { sectionId: input.sectionId, x: input.x, y: input.y };
    const r = await this.across.lock(visitorId, pids, ref, 10);
    return {
      selections: r.holds.map((h) => ({
        prsntId: h.presentationId,
        venueId: input.venueId,
        seatplanId: input.seatplanId,
        sectionId: h.seat.sectionId,
        x: h.seat.x,
        y: h.seat.y,
        tgId: h.seat.ticketGroupId,
        RowName: h.seat.rowName,
        SeatName: h.seat.seatName,
      })),
      expiresAt: r.expiresAt,
      timeInSeconds: r.timeInSeconds,
    };
  }

  async unlockSeat(visitorId: string, input: MembershipSeatInput, enrol: boolean): Promise<{ released: number }> {
    const m = await this.require(input.membershipId);
    // Unlock releases the seat on the events named (an event no longer chosen), else on all of the membership's.
    const own = enrol ? m.presentations.map((p) => p.presentationId) : this.seatPresentations(m);
    const named = (input.presentationIds ?? []).filter((id) => own.includes(id));
    const pids = enrol && named.length > 0 ? named : own;
    const ref = { sectionId: input.sectionId, x: input.x, y: input.y };
    return this.across.unlock(visitorId, pids, ref);
  }

  availableMember(m: MemberRow, now = new Date()): AvailableMember {
    const standing = memberStanding(m, now);
    return {
      name: m.holderName,
      additionalName: m.additionalName,
      memberCustomerName: m.holderName,
      membershipId: m.membershipId,
      membershipTypeId: m.membershipTypeId,
      balance: m.balance - m.usedBalance,
      memberNumber: m.memberNumber,
      customerId: m.customerId,
      membershipIdentifier: m.memberNumber,
      usedBalance: m.usedBalance,
      startDate: m.startsAt.toISOString(),
      endDate: m.endsAt.toISOString(),
      ...standing,
      allowMemberSaleTickets: m.allowMemberSaleTickets,
    };
  }

  /**
   * Member lookup by ID, member number, mobile or a one-time code. By ID / number / mobile it answers whether a
   * valid member exists and the refusal the spec names (no valid member, not started, expired, no balance), with
   * names masked; the full record and the right to buy member tickets come only with a one-time code or a
   * logged-in member (grant).
   */
  async lookup(
    visitorId: string,
    q: { ssn?: string; memberNumber?: string; mobileNumber?: string; code?: string },
  ): Promise<{ members: AvailableMember[] }> {
    let rows: MemberRow[];
    let verified = false;
    if (q.code) {
      const id = await this.repo.redeemCode(this.codeHash(q.code));
      if (id === null) throw new AppError('INVALID_CODE');
      rows = await this.repo.membersBy({ ids: [id] });
      verified = true;
    } else {
      const mobile = q.mobileNumber ? normaliseMobile(q.mobileNumber) : undefined;
      if (q.mobileNumber && !isValidIsraeliMobile(mobile!)) throw new AppError('CUSTOMER_NOT_FOUND');
      if (!q.ssn && !q.memberNumber && !mobile) throw new AppError('GENERAL_ERROR');
      rows = await this.repo.membersBy({ ssn: q.ssn, memberNumber: q.memberNumber, mobile });
    }
    if (rows.length === 0) throw new AppError('NO_VALID_MEMBER');
    const members = rows.map((r) => this.availableMember(r));
    if (!members.some((m) => m.isAvailable)) {
      if (members.every((m) => m.isNotStarted)) throw new AppError('MEMBER_NOT_STARTED');
      if (members.every((m) => m.isExpired)) throw new AppError('MEMBER_EXPIRED');
      throw new AppError('BALANCE_INSUFFICIENT');
    }
    if (verified) {
      await this.repo.grant(
        visitorId,
        rows.map((r) => r.id),
        GRANT_HOURS,
      );
      return { members };
    }
    return {
      members: members.map((m) => ({ ...m, name: mask(m.name), memberCustomerName: mask(m.name), customerId: null })),
    };
  }

  /** The logged-in customer's memberships; reading them lets this visitor buy member tickets on them. */
  async mine(visitorId: string, customerId: number): Promise<{ members: AvailableMember[] }> {
    const rows = await this.repo.membersOfCustomer(customerId);
    await this.repo.grant(
      visitorId,
      rows.map((r) => r.id),
      GRANT_HOURS,
    );
    return { members: rows.map((r) => this.availableMember(r)) };
  }

  private codeHash(code: string): string {
    return createHash('sha256').update(`${this.config.CUSTOMER_SECRET}:member-code:${code.trim()}`).digest('hex');
  }

  /** Sends a one-time code to the member's mobile (CUSTOMER_NOT_FOUND, CUSTOMER_NO_MOBILE). */
  async sendCode(memberNumber: string, locale: Locale, db: DataSource): Promise<{ sent: true }> {
    const [m] = await this.repo.membersBy({ memberNumber });
    if (!m) throw new AppError('CUSTOMER_NOT_FOUND');
    if (!m.mobile) throw new AppError('CUSTOMER_NO_MOBILE');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repo.saveCode(m.id, this.codeHash(code), CODE_MINUTES);
    const body = renderMemberCodeSms(locale, code);
    const sent = await sendSmsNow(db, this.sender, { recipient: m.mobile, locale, template: 'member-code', body });
    if (!sent.ok) throw new AppError('GENERAL_ERROR');
    return { sent: true };
  }

  async memberTickets(presentationId: number, locale: Locale): Promise<MemberTicketsResponse> {
    const rows = await this.repo.memberTicketsOf(presentationId);
    return {
      tickets: rows.map((t) => ({
        id: t.id,
        ticketGroupId: t.ticketGroupId,
        name: localizedName(locale, { he: t.name, en: t.nameEn, ru: t.nameRu, ar: t.nameAr }),
        price: agorotToShekels(t.price),
        code: t.code,
      })),
    };
  }
}

/** The member-code SMS in the member's language. */
export function renderMemberCodeSms(locale: Locale, code: string): string {
  return CODE_TEXT[locale].replace('{code}', code);
}

const CODE_TEXT: Record<Locale, string> = {
  he: 'קוד החבר שלך: {code}',
  en: 'Your member code: {code}',
  ru: 'Ваш код участника: {code}',
  ar: 'رمز العضو الخاص بك: {code}',
};

function mask(name: string): string {
  return name
    .split(' ')
    .map((w, i) => (i === 0 ? w : `${w.slice(0, 1)}.`))
    .join(' ');
}
