import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { clearCookie, cookieValue, PENDING_LOGIN_COOKIE, SESSION_COOKIE, setCookie } from './customer-cookies';
import { LoginStoreRepository } from './login-store.repository';
import { handleHash, newHandle } from './secrets';

/**
 * Server-side customer sessions: the cookie holds a random handle, the database
 * its hash. A login always issues a new handle and revokes the one the browser
 * had (no session fixation); logout revokes it server-side, so a copied cookie
 * dies with it.
 */
@Injectable()
export class CustomerSessions {
  constructor(
    private readonly store: LoginStoreRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
    const old = cookieValue(request, SESSION_COOKIE);
    if (old) await this.store.revokeSession(handleHash(old));
    const handle = newHandle();
    await this.store.createSession(handleHash(handle), customerId, this.config.CUSTOMER_SESSION_HOURS);
    setCookie(request, reply, SESSION_COOKIE, handle, this.config.CUSTOMER_SESSION_HOURS * 3600);
    clearCookie(request, reply, PENDING_LOGIN_COOKIE);
  }

  async current(request: FastifyRequest): Promise<number | null> {
    const handle = cookieValue(request, SESSION_COOKIE);
    return handle ? this.store.sessionCustomer(handleHash(handle)) : null;
  }

  /** The session's customer, or 401: every customer call starts here. */
  async require(request: FastifyRequest): Promise<number> {
    const id = await this.current(request);
    if (id === null) throw new AppError('CUSTOMER_NOT_LOGGED_IN');
    return id;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const handle = cookieValue(request, SESSION_COOKIE);
    if (handle) await this.store.revokeSession(handleHash(handle));
    clearCookie(request, reply, SESSION_COOKIE);
  }

  /** Issues a login link (jwtToken) for a customer; the back office or a message sends it. */
  async issueLoginLink(customerId: number): Promise<string> {
    const token = newHandle();
    await this.store.createLoginLink(handleHash(token), customerId, this.config.CUSTOMER_LOGIN_LINK_HOURS);
    return token;
  }

  /** A login link answers a customer once; then CUSTOMER_TOKEN_REDEEMED / _EXPIRED with the date, or _ERROR. */
  async redeemLoginLink(token: string): Promise<number> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('CUSTOMER_TOKEN_ERROR');
    const link = await this.store.redeemLoginLink(handleHash(token));
    if (link.state === 'ok') return link.customerId;
    if (link.state === 'unknown') throw new AppError('CUSTOMER_TOKEN_ERROR');
    const date = link.at.toISOString();
    throw new AppError(link.state === 'redeemed' ? 'CUSTOMER_TOKEN_REDEEMED' : 'CUSTOMER_TOKEN_EXPIRED', { date });
  }
}
