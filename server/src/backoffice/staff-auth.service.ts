import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { argon2Verify } from 'hash-wasm';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hashPassword } from '../customers';
import { AuditLogRepository } from './audit-log.repository';
import { matchTotp } from './totp';
import { StaffRepository } from './staff.repository';

/**
 * Staff sign-in: password (argon2id) AND a TOTP code from an authenticator app, in one
 * call with one generic refusal, so an attacker learns nothing about which part was wrong
 * or whether the account exists (unknown names are checked against a dummy hash, so both
 * answers take the same time). STAFF_LOCKOUT_ATTEMPTS failures in a row of one name from one
 * address lock that pair for STAFF_LOCKOUT_MINUTES, whether the name exists or not: a lock on
 * the account row told real names from made-up ones, and let anyone lock a staff member out
 * from anywhere. A TOTP code is accepted once (the step is consumed). Per-address limits come
 * on top (RATE_LIMITS.staffSignIn).
 */
@Injectable()
export class StaffAuthService {
  private dummy: Promise<string> | null = null;

  constructor(
    private readonly staff: StaffRepository,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signIn(q: { username: string; password: string; totpCode: string }, address: string): Promise<number> {
    // Digests only: the failure table keeps neither the names people typed nor their addresses.
    const nameKey = digest(q.username.trim().toLowerCase());
    const addressKey = digest(address);
    const account = await this.staff.accountByUsername(q.username);
    const lockedFor = await this.staff.signInLockedFor(nameKey, addressKey);
    if (lockedFor > 0) {
      if (account) await this.audit.record({ staffUserId: account.id, action: 'sign-in-locked' });
      throw new AppError('STAFF_LOCKED', { minutes: Math.max(1, Math.ceil(lockedFor / 60)) });
    }
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.config.PASSWORD_HASH_COST);
    const hash = account?.passwordHash ?? (await this.dummy);
    const passwordOk = await argon2Verify({ password: q.password, hash });
    const step = account && passwordOk ? matchTotp(account.totpSecret, q.totpCode, this.clock.now().getTime()) : null;
    const fresh =
      account !== null &&
      step !== null &&
      step > account.lastTotpStep &&
      (await this.staff.recordSuccess(account.id, step));
    if (!fresh) {
      await this.staff.recordSignInFailure(
        nameKey,
        addressKey,
        this.config.STAFF_LOCKOUT_ATTEMPTS,
        this.config.STAFF_LOCKOUT_MINUTES,
      );
      if (account) await this.audit.record({ staffUserId: account.id, action: 'sign-in-failed' });
      throw new AppError('STAFF_SIGN_IN_FAILED');
    }
    await this.staff.clearSignInFailures(nameKey, addressKey);
    await this.audit.record({ staffUserId: account.id, action: 'sign-in' });
    return account.id;
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
