import { Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import type { EDocumentResponse, EDocumentTicket } from '@hotline/shared';
import {
  agorotToShekels,
  formatJerusalemDateTime,
  isVideoOnDemand,
  JERUSALEM_TIME_ZONE,
  vodWatchUntil,
} from '@hotline/shared';
import { BookingError } from '../cart';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { localizedName, type LocalizedNames } from '../common/localized-name';
import { buildCalendar, type CalendarEvent } from './calendar';
import { DocumentsRepository, type DocumentReservation, type DocumentTicket } from './documents.repository';
import { TicketCodeSigner } from './ticket-code-signer';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: JERUSALEM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DDTHH:mm' as the clock on the wall in Jerusalem reads. */
export function jerusalemLocalDateTime(date: Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const CALENDAR_TEXT: Record<Locale, { order: string; seats: string; general: string; row: string; seat: string }> = {
  he: { order: 'הזמנה', seats: 'מושבים', general: 'כניסה חופשית', row: 'שורה', seat: 'כיסא' },
  en: { order: 'Order', seats: 'Seats', general: 'General admission', row: 'Row', seat: 'Seat' },
  ru: { order: 'Заказ', seats: 'Места', general: 'Без мест', row: 'Ряд', seat: 'Место' },
  ar: { order: 'الطلب', seats: 'المقاعد', general: 'دخول عام', row: 'صف', seat: 'مقعد' },
};

type NamedField = 'featureName' | 'venueName' | 'locationName' | 'sectionName' | 'ticketName';

/** One of a ticket's names in its four languages. */
export function names(t: DocumentTicket, field: NamedField): LocalizedNames {
  return { he: t[field], en: t[`${field}En`], ru: t[`${field}Ru`], ar: t[`${field}Ar`] };
}

/** A seat as people say it: 'Hall, row 3, seat 7' (or the section alone for general admission). */
export function seatText(t: DocumentTicket, locale: Locale): string {
  const words = CALENDAR_TEXT[locale];
  const section = localizedName(locale, names(t, 'sectionName'));
  if (!t.isReserved) return `${section} (${words.general})`;
  return `${section}, ${words.row} ${t.rowName ?? ''}, ${words.seat} ${t.seatName ?? ''}`;
}

export interface LoadedDocument {
  reservation: DocumentReservation;
  tickets: DocumentTicket[];
}

/**
 * The electronic ticket (/edocument/{documentKey}): the reservation's live
 * tickets with event, venue, Jerusalem date, seat and price, each with a signed
 * QR code; and the order's shows as an .ics calendar.
 */
@Injectable()
export class EDocumentService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly clock: Clock,
    private readonly codes: TicketCodeSigner,
  ) {}

  async load(documentKey: string): Promise<LoadedDocument> {
    const reservation = await this.documents.byDocumentKey(documentKey);
    if (!reservation) throw new BookingError('DOCUMENT_NOT_FOUND');
    return { reservation, tickets: await this.documents.tickets(reservation.id) };
  }

  async document(documentKey: string, locale: Locale): Promise<EDocumentResponse> {
    const { reservation: r, tickets } = await this.load(documentKey);
    const customer = r.customer as { firstName?: string; lastName?: string };
    return {
      reservation: {
        reservationIdentifier: r.identifier,
        state: r.state,
        createdAt: new Date(r.createdAt).toISOString(),
        customerName: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
        total: agorotToShekels(r.totalAgorot),
        locale: r.locale,
        tickets: await Promise.all(tickets.map((t) => this.ticket(t, locale, r.identifier))),
        calendarUrl: `/api/edocument/${r.documentKey}/calendar.ics`,
        waivers: (await this.documents.waiversOf(r.id)).map((w) => ({
          presentationId: w.presentationId,
          participants: w.participants,
          signedAt: new Date(w.signedAt).toISOString(),
          ip: w.ip,
          signatureUrl: `/api/edocument/${r.documentKey}/waivers/${w.id}/signature.png`,
        })),
      },
    };
  }

  private async ticket(t: DocumentTicket, locale: Locale, reservationIdentifier: string): Promise<EDocumentTicket> {
    const qrText = await this.codes.codeFor({
      identifier: t.identifier,
      presentationId: t.presentationId,
      sectionId: t.sectionId,
      x: t.x,
      y: t.y,
    });
    const dateTime = new Date(t.dateTime);
    return {
      ticketIdentifier: t.identifier,
      presentationId: t.presentationId,
      featureName: t.featureName,
      featureNameEn: t.featureNameEn,
      featureNameRu: t.featureNameRu,
      featureNameAr: t.featureNameAr,
      venueName: t.venueName,
      venueNameEn: t.venueNameEn,
      venueNameRu: t.venueNameRu,
      venueNameAr: t.venueNameAr,
      locationName: t.locationName,
      locationNameEn: t.locationNameEn,
      locationNameRu: t.locationNameRu,
      locationNameAr: t.locationNameAr,
      dateTime: dateTime.toISOString(),
      dateTimeText: formatJerusalemDateTime(dateTime.toISOString(), locale),
      localDateTime: jerusalemLocalDateTime(dateTime),
      sectionName: t.sectionName,
      sectionNameEn: t.sectionNameEn,
      sectionNameRu: t.sectionNameRu,
      sectionNameAr: t.sectionNameAr,
      rowName: t.isReserved ? (t.rowName ?? '') : '',
      seatName: t.isReserved ? (t.seatName ?? '') : String(t.x),
      isGeneralAdmission: !t.isReserved,
      online: isVideoOnDemand(t.venueTypeId)
        ? {
            watchUrl: `/vod/${reservationIdentifier}/${t.presentationId}`,
            watchUntil: vodWatchUntil(dateTime.toISOString()),
          }
        : null,
      ticketName: t.ticketName,
      ticketNameEn: t.ticketNameEn,
      ticketNameRu: t.ticketNameRu,
      ticketNameAr: t.ticketNameAr,
      price: agorotToShekels(t.amountAgorot),
      serviceCharge: agorotToShekels(t.serviceChargeAgorot),
      qrSvg: await QRCode.toString(qrText, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
      qrText,
      rotatingSecret: t.rotatingCode ? this.codes.rotatingSecretFor(t.identifier) : null,
    };
  }

  /** One event per show in the order, with its seats in the description. */
  async calendar(documentKey: string, locale: Locale, baseUrl: string): Promise<{ ics: string; filename: string }> {
    const { reservation: r, tickets } = await this.load(documentKey);
    const words = CALENDAR_TEXT[locale];
    const byShow = new Map<number, DocumentTicket[]>();
    for (const t of tickets) byShow.set(t.presentationId, [...(byShow.get(t.presentationId) ?? []), t]);
    const events: CalendarEvent[] = [...byShow.values()].map((show) => {
      const first = show[0]!;
      const start = new Date(first.dateTime);
      return {
        uid: `${r.identifier}-${first.presentationId}@hotline`,
        start,
        end: new Date(start.getTime() + first.durationMinutes * 60_000),
        summary: localizedName(locale, names(first, 'featureName')),
        location: `${localizedName(locale, names(first, 'venueName'))}, ${localizedName(locale, names(first, 'locationName'))}`,
        description: `${words.order} ${r.identifier}\n${words.seats}: ${show.map((t) => seatText(t, locale)).join('; ')}`,
        url: `${baseUrl}/edocument/${r.documentKey}`,
      };
    });
    return { ics: buildCalendar(events, this.clock.now()), filename: `${r.identifier}.ics` };
  }
}
