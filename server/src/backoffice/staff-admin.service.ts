import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import {
  staffGrantProblems,
  type AdminStaff,
  type AdminStaffInput,
  type AdminStaffWithSetupLink,
  type StaffSetupStart,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hashPassword } from '../customers';
import { AuditLogRepository } from './audit-log.repository';
import { StaleRevisionError } from '../common/stale-revision-error';
import { StaffAdminRepository } from './staff-admin.repository';
import type { StaffIdentity } from './staff.repository';
import { base32Encode, matchTotp } from './totp';

/** How long a setup link works: long enough to reach a new colleague over a weekend, short enough to expire unused. */
const SETUP_LINK_HOURS = 72;
const ISSUER = 'Hotline';
/** ASVS V6.2: at least 12 characters, no composition rules; the username is not a password. */
const MIN_PASSWORD = 12;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Staff accounts for staff with permission 292 (docs/back-office.md, "Staff"): create, change, disable, enable and
 * reset, never granting more than the editor holds (staffGrantProblems) and never touching an account that holds
 * more; an account is set up by its owner through a one-time link (password and authenticator), never by the
 * administrator, who never knows either. Every change audited with the state before and after.
 */
@Injectable()
export class StaffAdminService {
  constructor(
    private readonly accounts: StaffAdminRepository,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(editor: StaffIdentity): Promise<AdminStaff[]> {
    return this.accounts.list(editor.businessIds);
  }

  async get(editor: StaffIdentity, id: number): Promise<AdminStaff> {
    const account = await this.accounts.one(id);
    // Someone else's business's staff answer like a missing account.
    if (!account || !account.businessIds.some((b) => editor.businessIds.includes(b)))
      throw new AppError('STAFF_NOT_FOUND');
    return account;
  }

  async create(editor: StaffIdentity, input: AdminStaffInput, origin: string): Promise<AdminStaffWithSetupLink> {
    this.checkGrant(editor, input);
    if (await this.accounts.usernameTaken(input.username))
      throw new AppError('STAFF_USERNAME_TAKEN', { username: input.username });
    const token = randomBytes(32).toString('base64url');
    const id = await this.accounts.create(input, digest(token), SETUP_LINK_HOURS);
    const staff = (await this.accounts.one(id))!;
    await this.record(editor, 'staff-create', `staff:${id}`, { after: staff });
    return this.withLink(staff, token, origin);
  }

  async update(
    editor: StaffIdentity,
    id: number,
    revision: number,
    input: Omit<AdminStaffInput, 'username'>,
  ): Promise<AdminStaff> {
    const before = await this.reachable(editor, id);
    const grantChanges =
      before.permissions.join() !== [...new Set(input.permissions)].sort((a, b) => a - b).join() ||
      before.businessIds.join() !== [...new Set(input.businessIds)].sort((a, b) => a - b).join();
    if (id === editor.userId && grantChanges) throw new AppError('STAFF_NOT_YOURSELF');
    this.checkGrant(editor, input);
    await this.changed(editor, id, revision, (tx) => this.accounts.setDetails(tx, id, input));
    const after = (await this.accounts.one(id))!;
    await this.record(editor, 'staff-update', `staff:${id}`, { before, after });
    return after;
  }

  async setActive(editor: StaffIdentity, id: number, revision: number, active: boolean): Promise<AdminStaff> {
    const before = await this.reachable(editor, id);
    if (id === editor.userId) throw new AppError('STAFF_NOT_YOURSELF');
    await this.changed(editor, id, revision, (tx) => this.accounts.setActive(tx, id, active));
    const after = (await this.accounts.one(id))!;
    await this.record(editor, active ? 'staff-enable' : 'staff-disable', `staff:${id}`, { before, after });
    return after;
  }

  /** A lost phone or a forgotten password: both cleared, every session ended, a new setup link. */
  async reset(editor: StaffIdentity, id: number, revision: number, origin: string): Promise<AdminStaffWithSetupLink> {
    const before = await this.reachable(editor, id);
    if (id === editor.userId) throw new AppError('STAFF_NOT_YOURSELF');
    const token = randomBytes(32).toString('base64url');
    await this.changed(editor, id, revision, (tx) => this.accounts.reset(tx, id, digest(token), SETUP_LINK_HOURS));
    const after = (await this.accounts.one(id))!;
    await this.record(editor, 'staff-reset', `staff:${id}`, { before, after });
    return this.withLink(after, token, origin);
  }

  /** The setup page opened: the account's name and a new authenticator secret to scan (kept aside 10 minutes). */
  async startSetup(token: string): Promise<StaffSetupStart> {
    const account = await this.accounts.bySetupToken(digest(token));
    if (!account) throw new AppError('STAFF_SETUP_LINK_INVALID');
    const secret = base32Encode(randomBytes(20));
    await this.accounts.startSetup(account.id, secret);
    const label = encodeURIComponent(`${ISSUER}:${account.username}`);
    const otpauthUri = `otpauth://totp/${label}?secret=${secret}&issuer=${ISSUER}&algorithm=SHA1&digits=6&period=30`;
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { username: account.username, otpauthUri, secret, qrSvg };
  }

  /** The password chosen and a code from the scanned app: the account is ready; the link is spent. */
  async finishSetup(token: string, password: string, totpCode: string): Promise<{ username: string }> {
    const account = await this.accounts.bySetupToken(digest(token));
    if (!account) throw new AppError('STAFF_SETUP_LINK_INVALID');
    if (password.length < MIN_PASSWORD || password.toLowerCase().includes(account.username.toLowerCase()))
      throw new AppError('STAFF_PASSWORD_WEAK');
    const secret = await this.accounts.pendingSetupSecret(account.id);
    if (!secret) throw new AppError('STAFF_ENROLMENT_EXPIRED');
    const step = matchTotp(secret, totpCode, this.clock.now().getTime());
    if (step === null) throw new AppError('STAFF_ENROLMENT_CODE_WRONG');
    if (
      !(await this.accounts.finishSetup(
        account.id,
        digest(token),
        await hashPassword(password, this.config.PASSWORD_HASH_COST),
        secret,
        step,
      ))
    )
      throw new AppError('STAFF_SETUP_LINK_INVALID');
    await this.audit.record({
      staffUserId: account.id,
      action: 'staff-setup-finished',
      subject: `staff:${account.id}`,
    });
    return { username: account.username };
  }

  private checkGrant(editor: StaffIdentity, grant: Pick<AdminStaffInput, 'permissions' | 'businessIds'>): void {
    const [first] = staffGrantProblems(editor, grant);
    if (!first) return;
    const what =
      first.kind === 'permission-not-yours'
        ? first.permission
        : first.kind === 'business-not-yours'
          ? `#${first.businessId}`
          : '-';
    throw new AppError('STAFF_GRANT_NOT_YOURS', { what });
  }

  /** An account the editor may change: in their businesses and holding nothing they lack. */
  private async reachable(editor: StaffIdentity, id: number): Promise<AdminStaff> {
    const account = await this.get(editor, id);
    if (staffGrantProblems(editor, account).some((p) => p.kind !== 'no-business'))
      throw new AppError('STAFF_OUT_OF_REACH');
    return account;
  }

  private async changed(
    editor: StaffIdentity,
    id: number,
    revision: number,
    change: Parameters<StaffAdminRepository['change']>[2],
  ): Promise<void> {
    const outcome = await this.accounts.change(id, revision, change);
    if (outcome === 'missing') throw new AppError('STAFF_NOT_FOUND');
    if (outcome === 'stale') throw new StaleRevisionError(await this.get(editor, id));
  }

  private withLink(staff: AdminStaff, token: string, origin: string): AdminStaffWithSetupLink {
    return {
      staff,
      setupUrl: `${origin}/backoffice/setup#${token}`,
      setupExpiresAt: new Date(this.clock.nowMs() + SETUP_LINK_HOURS * 3_600_000).toISOString(),
    };
  }

  private record(editor: StaffIdentity, action: string, subject: string, detail: Record<string, unknown>) {
    return this.audit.record({ staffUserId: editor.userId, action, subject, detail });
  }
}
