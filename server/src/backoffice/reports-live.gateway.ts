import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import {
  BACK_OFFICE_PERMISSION,
  ReportsChangedEvent,
  ReportsLiveEvent,
  STAFF_NAMESPACE,
  STAFF_SOCKET_PATH,
  type ReportsChangedMessage,
} from '@hotline/shared';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SeatChangeTap } from '../seats';
import { StaffRepository } from './staff.repository';
import { StaffSessions } from './staff-sessions.service';

const roomOf = (businessId: number) => `b:${businessId}`;

/**
 * Live reports: the seat engine's change stream, which every node already hears, tells the open
 * report screens of the presentation's business that something moved, and they ask again. One event per
 * business per REPORTS_PUSH_MS however fast an on-sale runs (a trailing window, so the last change is never
 * missed). Only a live staff session with the report permission (266) may listen, and only to its businesses;
 * the event carries no figures, since the report call itself checks permission and scope again.
 */
@WebSocketGateway({ path: STAFF_SOCKET_PATH, namespace: STAFF_NAMESPACE, perMessageDeflate: false })
export class ReportsLiveGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  @WebSocketServer() server: Namespace;
  /** Presentation -> business: a presentation never changes business, so the answer is kept. */
  private readonly owner = new Map<number, number>();
  private readonly due = new Map<number, NodeJS.Timeout>();
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly tap: SeatChangeTap,
    private readonly sessions: StaffSessions,
    private readonly staff: StaffRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(): void {
    this.stopListening = this.tap.listen((pid) => void this.changed(pid));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }

  async handleConnection(socket: Socket): Promise<void> {
    const staff = await this.sessions.identify(socket.handshake.headers).catch(() => null);
    if (!staff || !staff.permissions.includes(BACK_OFFICE_PERMISSION.presentationsReport)) {
      socket.disconnect(true);
      return;
    }
    await socket.join(staff.businessIds.map(roomOf));
    // Said once joined, so a page (or a test) can tell "live" from "connected but not yet listening".
    socket.emit(ReportsLiveEvent);
  }

  private async changed(presentationId: number): Promise<void> {
    // No report open on this node: nothing to look up or send.
    if (!this.server || this.server.sockets.size === 0) return;
    let businessId = this.owner.get(presentationId);
    if (businessId === undefined) {
      const owners = await this.staff.presentationBusinesses([presentationId]).catch((err: unknown) => {
        this.logger.warn({ err, presentationId }, 'live reports: presentation owner lookup failed');
        return new Map<number, number>();
      });
      businessId = owners.get(presentationId);
      if (businessId === undefined) return;
      this.owner.set(presentationId, businessId);
    }
    if (this.due.has(businessId)) return;
    const business = businessId;
    this.due.set(
      business,
      setTimeout(() => {
        this.due.delete(business);
        const message: ReportsChangedMessage = { businessId: business };
        this.server.to(roomOf(business)).emit(ReportsChangedEvent, message);
      }, this.config.REPORTS_PUSH_MS),
    );
  }
}
