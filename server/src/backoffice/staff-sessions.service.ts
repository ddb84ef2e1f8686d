import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { clearCookie, cookieValue, setCookie, handleHash, newHandle } from '../customers';
import { StaffRepository, type StaffIdentity } from './staff.repository';

/** httpOnly, SameSite=Strict (a back-office call never starts on another site), Secure outside localhost. */
export const STAFF_SESSION_COOKIE = 'staff_session';

/**
 * Server-side staff sessions, like the customers' but stricter: the cookie holds a random
 * handle and the database its SHA-256; sign-in always issues a new handle and revokes the
 * browser's old one; sign-out revokes it server-side; a session ends after
 * STAFF_SESSION_HOURS or STAFF_SESSION_IDLE_MINUTES without a call, whichever comes first.
 */
@Injectable()
export class StaffSessions {
  constructor(
    private readonly staff: StaffRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(request: FastifyRequest, reply: FastifyReply, staffUserId: number): Promise<void> {
    const old = cookieValue(request, STAFF_SESSION_COOKIE);
    if (old) await this.staff.revokeSession(handleHash(old));
    const handle = newHandle();
    await this.staff.createSession(handleHash(handle), staffUserId, this.config.STAFF_SESSION_HOURS);
    setCookie(request, reply, STAFF_SESSION_COOKIE, handle, this.config.STAFF_SESSION_HOURS * 3600, 'Strict');
  }

  /** The signed-in staff member with their grants, or 401. */
  async require(request: FastifyRequest): Promise<StaffIdentity> {
    const identity = await this.identify(request.headers);
    if (!identity) throw new AppError('STAFF_NOT_SIGNED_IN');
    return identity;
  }

  /** The staff member whose live session cookie these headers carry (an HTTP request or a socket handshake). */
  async identify(headers: { cookie?: string }): Promise<StaffIdentity | null> {
    const handle = cookieValue({ headers } as FastifyRequest, STAFF_SESSION_COOKIE);
    return handle ? this.staff.sessionIdentity(handleHash(handle), this.config.STAFF_SESSION_IDLE_MINUTES) : null;
  }

  /** Revokes the session server-side; answers whose it was, for the audit log. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const handle = cookieValue(request, STAFF_SESSION_COOKIE);
    const id = handle ? await this.staff.revokeSession(handleHash(handle)) : null;
    clearCookie(request, reply, STAFF_SESSION_COOKIE);
    return id;
  }
}
