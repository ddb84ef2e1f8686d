import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { BackOfficePermission } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { StaffSessions } from './staff-sessions.service';
import type { StaffIdentity } from './staff.repository';

const REQUIRED_PERMISSION = Symbol('REQUIRED_PERMISSION');

type StaffRequest = FastifyRequest & { staff?: StaffIdentity };

/**
 * Every back-office route: a live staff session (401), then the route's permission (403).
 * Business scope depends on the ids a call touches, so services check it with
 * BusinessScope.assert once they know them; the guard only makes the identity available.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly sessions: StaffSessions,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<StaffRequest>();
    const staff = await this.sessions.require(request);
    const permission = this.reflector.getAllAndOverride<BackOfficePermission | null>(REQUIRED_PERMISSION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (permission && !staff.permissions.includes(permission)) throw new AppError('STAFF_PERMISSION_DENIED');
    request.staff = staff;
    return true;
  }
}

/** The route (or every route of a controller) is for signed-in staff, holding `permission` when one is named. */
export function StaffOnly(permission: BackOfficePermission | null = null) {
  return applyDecorators(
    SetMetadata(REQUIRED_PERMISSION, permission),
    UseGuards(StaffGuard),
    ApiResponse({ status: 401, description: 'STAFF_NOT_SIGNED_IN' }),
    ApiResponse({ status: 403, description: 'STAFF_PERMISSION_DENIED or STAFF_BUSINESS_SCOPE' }),
  );
}

/** Controller parameter: the signed-in staff member (routes behind StaffOnly). */
export const CurrentStaff = createParamDecorator((_data: unknown, ctx: ExecutionContext): StaffIdentity => {
  const staff = ctx.switchToHttp().getRequest<StaffRequest>().staff;
  if (!staff) throw new AppError('STAFF_NOT_SIGNED_IN');
  return staff;
});
