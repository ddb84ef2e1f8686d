import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { requestAdmission, withAdmission } from '../common/admission-context';

/**
 * The seat engine's port to the waiting room: may the caller running now (common/admission-context.ts) take seats
 * of these presentations? Refuses with 403 QUEUE_REQUIRED otherwise. Owned by seats, implemented and provided
 * (globally) by queue's AdmissionGate, so the engine does not import queue (that closed a context cycle).
 */
export abstract class SeatAdmission {
  abstract admit(presentationIds: Iterable<number>): Promise<void>;
}

/**
 * OpenAPI only: the route takes seats, so the waiting room may refuse it. Documentation, not the gate: the engine
 * decides whether or not a route carries this.
 */
export const ApiQueueRequired = () =>
  ApiResponse({ status: 403, description: 'QUEUE_REQUIRED: join the waiting room at queueUrl first' });

/** The presentations a call names in its raw input (before validation); [] when it names none it can read. */
export type PresentationsOf = (request: FastifyRequest) => readonly number[];

const PRESENTATIONS_OF = Symbol('QUEUE_EARLY_PRESENTATIONS_OF');

/**
 * NOT the gate: an optimisation in front of it. The seat engine decides admission for every seat it is asked
 * for (SeatAdmission, queue's AdmissionGate, docs/waiting-room.md "The gate"), whatever the route. This guard asks the same gate
 * earlier, on the storefront's three hot public routes, so a skipper is refused before the rate limit's Redis
 * call and the bot check's HMACs, and before body validation, exactly as the waiting room's own guard did before the gate moved into the seat engine. Leaving it off
 * a route costs only that ordering, never admission. It never refuses what the engine would admit: it only
 * knows the caller's passes, so routes whose callers may be staff authenticated later (the box office, the
 * producer commit) are left to the engine.
 */
@Injectable()
export class QueueEarlyCheck implements CanActivate {
  constructor(
    private readonly gate: SeatAdmission,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const presentationsOf = this.reflector.get<PresentationsOf | undefined>(PRESENTATIONS_OF, context.getHandler());
    let ids: readonly number[];
    try {
      ids = presentationsOf?.(request) ?? [];
    } catch {
      ids = []; // input that names no presentation is the route's validation's business (a 400, not ours)
    }
    if (ids.length > 0) await withAdmission(requestAdmission(request), () => this.gate.admit(ids));
    return true;
  }
}

/** Put it lowest among the route's guards so it runs first (guards run bottom-up). */
export function QueueEarly(presentationsOf: PresentationsOf) {
  return applyDecorators(
    SetMetadata(PRESENTATIONS_OF, presentationsOf),
    UseGuards(QueueEarlyCheck),
    ApiQueueRequired(),
  );
}

const positiveId = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};
const only = (id: number | undefined): number[] => (id === undefined ? [] : [id]);
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** lock-seat: `{ seat: { PresentationId } }`. */
export const lockSeatPresentation: PresentationsOf = (request) =>
  only(positiveId((body(request).seat as Record<string, unknown> | undefined)?.PresentationId));

/** best-available: `?presentationId=`. */
export const bestAvailablePresentation: PresentationsOf = (request) =>
  only(positiveId((request.query as Record<string, unknown> | undefined)?.presentationId));

/** Commit: every presentation of the cart's seats; none for a producer cart (its staff signs in inside the handler). */
export const cartPresentations: PresentationsOf = (request) => {
  const cart = body(request).cart as Record<string, unknown> | undefined;
  if (cart?.mobileNumber != null || cart?.customerName != null || cart?.tender != null) return [];
  const seats = cart?.seats;
  if (!Array.isArray(seats)) return [];
  return seats.flatMap((s: unknown) => only(positiveId((s as Record<string, unknown> | null)?.prsntId)));
};
