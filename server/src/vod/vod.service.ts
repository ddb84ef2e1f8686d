import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { isVideoOnDemand, vodWatchOpen, vodWatchUntil, type VodAccessResponse, type VodInfo } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { localizedName } from '../common/localized-name';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { StreamingSource, type StreamMedia } from './streaming-source.port';
import { streamToken, verifyStreamToken } from './stream-token';
import { VodRepository } from './vod.repository';
import './vod.errors';

/** How long a stream URL works: long enough to start and seek a short film, short enough not to be worth sharing. */
export const STREAM_URL_TTL_SECONDS = 15 * 60;

export interface VodAccessProof {
  /** The logged-in customer (session cookie), if any. */
  customerId: number | null;
  reservationIdentifier?: string | null;
  email?: string | null;
  mobileNumber?: string | null;
}

/** "050-123 4567", "+972 50 1234567" -> "0501234567" (as claimOrdersByMobile compares). */
export function localMobile(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/[^0-9+]/g, '').replace(/^\+?972/, '0');
  return /^0\d{8,9}$/.test(digits) ? digits : null;
}

/**
 * Video-on-demand: who may watch, and the signed short-lived stream URL.
 * The server decides ownership: a paid reservation with a live ticket to the
 * event, shown either by the logged-in customer or by the reservation identifier
 * with the buyer's e-mail or mobile number. Refusals never say which part was wrong.
 */
@Injectable()
export class VodService {
  constructor(
    private readonly repo: VodRepository,
    private readonly source: StreamingSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async info(vodId: number, locale: Locale): Promise<VodInfo> {
    const event = await this.repo.event(vodId);
    if (!event || !isVideoOnDemand(event.venueTypeId)) throw new AppError('VOD_NOT_FOUND');
    return {
      vodId: event.id,
      featureId: event.featureId,
      featureName: localizedName(locale, event),
      venueTypeId: event.venueTypeId,
      dateTime: new Date(event.dateTime).toISOString(),
      watchUntil: vodWatchUntil(new Date(event.dateTime).toISOString()),
      simulated: this.source.isSimulation,
    };
  }

  async access(vodId: number, proof: VodAccessProof): Promise<VodAccessResponse> {
    const event = await this.repo.event(vodId);
    if (!event || !isVideoOnDemand(event.venueTypeId)) throw new AppError('VOD_NOT_FOUND');
    const owned =
      (proof.customerId !== null && (await this.repo.ownedByCustomer(vodId, proof.customerId))) ||
      (!!proof.reservationIdentifier &&
        (!!proof.email || !!localMobile(proof.mobileNumber)) &&
        (await this.repo.ownedByReservation(vodId, proof.reservationIdentifier, {
          email: proof.email?.trim() || null,
          mobile: localMobile(proof.mobileNumber),
        })));
    if (!owned) throw new AppError('VOD_NOT_OWNED');
    // Told only to an owner, after the ownership check: the window is what the order page and e-ticket promised.
    if (!vodWatchOpen(new Date(event.dateTime).toISOString(), this.clock.nowMs()))
      throw new AppError('VOD_WINDOW_ENDED');
    const expiresAt = Math.floor(this.clock.nowMs() / 1000) + STREAM_URL_TTL_SECONDS;
    return {
      streamUrl: `/api/vod/stream/${streamToken(this.config.TICKET_SIGNING_KEY, vodId, expiresAt)}`,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      simulated: this.source.isSimulation,
    };
  }

  /** The media behind a stream token, or the refusal. */
  async stream(token: string): Promise<StreamMedia> {
    const check = verifyStreamToken(this.config.TICKET_SIGNING_KEY, token, Math.floor(this.clock.nowMs() / 1000));
    if (!check.ok) throw new AppError(check.reason === 'expired' ? 'VOD_LINK_EXPIRED' : 'VOD_NOT_FOUND');
    const media = await this.source.media(check.vodId);
    if (!media) {
      this.logger.warn({ vodId: check.vodId }, 'streaming source has no media for a VOD event');
      throw new AppError('VOD_NOT_FOUND');
    }
    return media;
  }
}
