import { Injectable } from '@nestjs/common';
import type { MiniSiteResponse, MiniSiteTicketProblem, MiniSiteValidateResponse } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import './channels.errors';
import { MiniSiteRepository, type MiniSiteRow, type MiniSiteTicketRow } from './mini-site.repository';

/** How long a mini-site's definition may be served from memory (every catalogue and seat call in mini-site mode reads it). */
const SCOPE_TTL_MS = 5_000;

/** What a mini-site allows, ready for checks. */
export interface MiniSiteScope {
  id: number;
  url: string;
  presentationIds: Set<number>;
  tickets: Map<number, MiniSiteTicketRow>;
  row: MiniSiteRow;
}

/** Mini-site URLs as stored: lower-case letters, digits, hyphens. */
export function normaliseMiniSiteUrl(url: string): string {
  return url.trim().toLowerCase();
}

/**
 * Mini-sites (storefront-spec.md sections 1, 3 and 7): a storefront tied to a URL that offers only its own
 * presentations and tickets. Every catalogue, seat and ticket call that names `miniSiteUrl` is checked here on
 * the server: a presentation or ticket outside the mini-site is refused, not just hidden.
 */
@Injectable()
export class MiniSiteService {
  private readonly cache = new Map<string, { at: number; scope: Promise<MiniSiteScope | null> }>();
  private restricted: { at: number; ids: Promise<Set<number>> } | null = null;

  constructor(
    private readonly repo: MiniSiteRepository,
    private readonly clock: Clock,
  ) {}

  /** The mini-site behind `url`, or MINI_SITE_NOT_FOUND. Undefined/empty url: not in mini-site mode (null). */
  async scope(url: string | null | undefined): Promise<MiniSiteScope | null> {
    if (url === undefined || url === null || url.trim() === '') return null;
    const key = normaliseMiniSiteUrl(url);
    const now = this.clock.nowMs();
    let entry = this.cache.get(key);
    if (!entry || now - entry.at > SCOPE_TTL_MS) {
      entry = { at: now, scope: this.load(key) };
      this.cache.set(key, entry);
      if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value!);
      entry.scope.catch(() => this.cache.delete(key));
    }
    const scope = await entry.scope;
    if (!scope) throw new AppError('MINI_SITE_NOT_FOUND');
    return scope;
  }

  /** Forget cached definitions (a test or the back office changed one). */
  forget(): void {
    this.cache.clear();
    this.restricted = null;
  }

  /** Ticket ids that only mini-sites sell (the public storefront neither lists nor sells them). */
  async miniSiteOnlyTickets(): Promise<Set<number>> {
    const now = this.clock.nowMs();
    if (!this.restricted || now - this.restricted.at > SCOPE_TTL_MS) {
      const entry = { at: now, ids: this.repo.miniSiteTicketIds() };
      this.restricted = entry;
      entry.ids.catch(() => {
        if (this.restricted === entry) this.restricted = null;
      });
    }
    return this.restricted.ids;
  }

  private async load(url: string): Promise<MiniSiteScope | null> {
    if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(url)) return null;
    const row = await this.repo.byUrl(url);
    if (!row) return null;
    return {
      id: row.id,
      url: row.url,
      presentationIds: new Set(row.presentationIds),
      tickets: new Map(row.tickets.map((t) => [t.ticketId, t])),
      row,
    };
  }

  /** The mini-site a path names: unlike `scope`, a blank url is no mini-site mode but MINI_SITE_NOT_FOUND. */
  private async named(url: string): Promise<MiniSiteScope> {
    const scope = await this.scope(url);
    if (!scope) throw new AppError('MINI_SITE_NOT_FOUND');
    return scope;
  }

  async get(url: string, locale: Locale): Promise<MiniSiteResponse> {
    const { row } = await this.named(url);
    // The balance moves with every sale: read it fresh, not from the cached scope.
    const fresh = (await this.repo.byUrl(row.url)) ?? row;
    return {
      miniSite: {
        URL: fresh.url,
        name: localizedName(locale, {
          he: fresh.name,
          en: fresh.nameEn,
          ru: fresh.translations.ru?.name,
          ar: fresh.translations.ar?.name,
        }),
        mode: fresh.mode,
        PresentationList: fresh.presentationIds,
        ticket: fresh.tickets.map((t) => ({
          TicketId: t.ticketId,
          Balance: t.balance,
          reference1: t.reference1,
          reference2: t.reference2,
        })),
      },
    };
  }

  /**
   * Whether these tickets may be bought here: each must belong to the mini-site, have balance left, and have the
   * references its prompts ask for. `mode`, when given, must be the mini-site's.
   */
  async validate(
    url: string,
    q: { ticketIds: number[]; reference1?: string; reference2?: string; mode?: string },
  ): Promise<MiniSiteValidateResponse> {
    const { row } = await this.named(url);
    const fresh = (await this.repo.byUrl(row.url)) ?? row;
    const byId = new Map(fresh.tickets.map((t) => [t.ticketId, t]));
    const tickets = q.ticketIds.map((id) => {
      const t = byId.get(id);
      let reason: MiniSiteTicketProblem | null = null;
      if (!t) reason = 'NOT_IN_MINI_SITE';
      else if (t.balance !== null && t.balance <= 0) reason = 'NO_BALANCE';
      else if ((t.reference1 && !q.reference1?.trim()) || (t.reference2 && !q.reference2?.trim()))
        reason = 'REFERENCE_REQUIRED';
      return { TicketId: id, valid: reason === null, Balance: t?.balance ?? null, reason };
    });
    const modeOk = q.mode === undefined || q.mode === fresh.mode;
    return { valid: modeOk && tickets.length > 0 && tickets.every((t) => t.valid), mode: fresh.mode, tickets };
  }

  /** Ticket id -> balance as stored now (limited tickets only). */
  async freshBalances(scope: MiniSiteScope): Promise<Map<number, number>> {
    const fresh = (await this.repo.byUrl(scope.url)) ?? scope.row;
    return new Map(fresh.tickets.filter((t) => t.balance !== null).map((t) => [t.ticketId, t.balance!]));
  }

  assertPresentation(scope: MiniSiteScope | null, presentationId: number): void {
    if (scope && !scope.presentationIds.has(presentationId)) throw new AppError('MINI_SITE_PRESENTATION_NOT_ALLOWED');
  }

  assertTicket(scope: MiniSiteScope | null, ticketId: number): void {
    if (scope && !scope.tickets.has(ticketId)) throw new AppError('MINI_SITE_TICKET_NOT_ALLOWED');
  }
}
