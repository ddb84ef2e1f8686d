import type { BackOfficeMenuItem } from '../rules/backoffice/back-office-menu';
import type { LockedSeat } from '../seats/wire';

/** POST /api/backoffice/sign-in body: password and the authenticator app's current code. */
export interface StaffSignInRequest {
  username: string;
  password: string;
  totpCode: string;
}

/** The signed-in back-office user (memberships-backoffice-spec.md section 3) and their menu. */
export interface StaffMe {
  userId: number;
  FirstName: string;
  LastName: string;
  businessIds: number[];
  permissions: number[];
  menu: BackOfficeMenuItem[];
}

/** POST /api/backoffice/sign-in and GET /api/backoffice/me answer. */
export interface StaffMeResponse {
  staff: StaffMe;
}

export interface BlockSeatRef {
  sectionId: number;
  x: number;
  y: number;
}

/** PUT /api/backoffice/lock-seats and unlock-seats body: a block of seats of one presentation. */
export interface LockSeatsRequest {
  presentationId: number;
  seats: BlockSeatRef[];
}

/** PUT /api/backoffice/lock-seats answer: every seat of the block (couches whole), or a 409 and none. */
export interface LockSeatsResponse {
  seats: LockedSeat[];
  expiresAt: string;
  timeInSeconds: number;
  version: number;
}

/** PUT /api/backoffice/seat-state body: block, hold back, or release seats (staff). */
export interface SeatStateRequest extends LockSeatsRequest {
  state: 'block' | 'hold' | 'release';
}
