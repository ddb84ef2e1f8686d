import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { argon2Verify } from 'hash-wasm';
import QRCode from 'qrcode';
import type { AuthenticatorEnrolment } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AuditLogRepository } from './audit-log.repository';
import { base32Encode, matchTotp } from './totp';
import { StaffRepository, type StaffIdentity } from './staff.repository';

/** How long a scanned-but-unconfirmed secret waits for its first code. */
const ENROLMENT_MINUTES = 10;
const ISSUER = 'Hotline';

/**
 * Replacing a staff member's authenticator (a new phone, or a secret that may have leaked): re-enter the password,
 * scan the QR code (an otpauth:// URI, RFC 6238 SHA-1 / 6 digits / 30 s, which every authenticator app reads),
 * then prove the scan with a code from the new app. Only then does the new secret replace the old one, and every
 * other session of the account ends. Wrong passwords count toward the account's lockout like a failed sign-in.
 */
@Injectable()
export class AuthenticatorService {
  constructor(
    private readonly staff: StaffRepository,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(who: StaffIdentity, password: string): Promise<AuthenticatorEnrolment> {
    const account = await this.staff.credentials(who.userId);
    if (!account) throw new AppError('STAFF_NOT_SIGNED_IN');
    // A session's password guesses lock the account here (sign-in counts per name and address instead).
    if (account.lockedForSeconds > 0)
      throw new AppError('STAFF_LOCKED', { minutes: Math.max(1, Math.ceil(account.lockedForSeconds / 60)) });
    if (!(await argon2Verify({ password, hash: account.passwordHash }))) {
      await this.staff.recordFailure(who.userId, this.config.STAFF_LOCKOUT_ATTEMPTS, this.config.STAFF_LOCKOUT_MINUTES);
      await this.audit.record({ staffUserId: who.userId, action: 'authenticator-password-failed' });
      throw new AppError('STAFF_REAUTH_FAILED');
    }
    const secret = base32Encode(randomBytes(20));
    await this.staff.startEnrolment(who.userId, secret, ENROLMENT_MINUTES);
    const label = encodeURIComponent(`${ISSUER}:${account.username}`);
    const otpauthUri = `otpauth://totp/${label}?secret=${secret}&issuer=${ISSUER}&algorithm=SHA1&digits=6&period=30`;
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    await this.audit.record({ staffUserId: who.userId, action: 'authenticator-started' });
    return { otpauthUri, secret, qrSvg, expiresInMinutes: ENROLMENT_MINUTES };
  }

  async confirm(who: StaffIdentity, code: string, currentHandleHash: string): Promise<{ success: true }> {
    const secret = await this.staff.pendingSecret(who.userId);
    if (!secret) throw new AppError('STAFF_ENROLMENT_EXPIRED');
    const step = matchTotp(secret, code, this.clock.now().getTime());
    if (step === null) throw new AppError('STAFF_ENROLMENT_CODE_WRONG');
    if (!(await this.staff.finishEnrolment(who.userId, secret, step, currentHandleHash))) {
      throw new AppError('STAFF_ENROLMENT_EXPIRED');
    }
    await this.audit.record({ staffUserId: who.userId, action: 'authenticator-changed' });
    return { success: true };
  }
}
