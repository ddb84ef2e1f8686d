import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminStaff, AdminStaffInput } from '@hotline/shared';

/** TypeORM answers an UPDATE ... RETURNING with [rows, count], a SELECT with rows. */
function returned<T>(result: unknown[]): T[] {
  return (Array.isArray(result[0]) ? result[0] : result) as T[];
}

const STAFF_COLUMNS = `u.id, u.username, u.first_name AS "firstName", u.last_name AS "lastName", u.active,
  (u.password_hash IS NOT NULL AND u.totp_secret IS NOT NULL) AS "setUp", u.revision,
  COALESCE((SELECT array_agg(permission ORDER BY permission) FROM staff_permission WHERE staff_user_id = u.id), '{}') AS permissions,
  COALESCE((SELECT array_agg(business_id ORDER BY business_id) FROM staff_business WHERE staff_user_id = u.id), '{}') AS "businessIds"`;

/**
 * Staff administration's writes (accounts, grants, setup links); StaffRepository keeps sign-in and sessions. These two
 * are the only places that touch the staff tables.
 */
@Injectable()
export class StaffAdminRepository {
  constructor(private readonly db: DataSource) {}

  /** Accounts sharing a business with the given ones (null: every account). */
  list(businessIds: readonly number[] | null): Promise<AdminStaff[]> {
    return this.db.query(
      `SELECT ${STAFF_COLUMNS} FROM staff_user u
        WHERE $1::int[] IS NULL OR EXISTS (SELECT 1 FROM staff_business b WHERE b.staff_user_id = u.id AND b.business_id = ANY($1))
        ORDER BY u.username`,
      [businessIds],
    );
  }

  async one(id: number, tx: EntityManager = this.db.manager): Promise<AdminStaff | null> {
    const rows: AdminStaff[] = await tx.query(`SELECT ${STAFF_COLUMNS} FROM staff_user u WHERE u.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async usernameTaken(username: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM staff_user WHERE lower(username) = lower($1)', [username]);
    return rows.length > 0;
  }

  /** A new account with no password or authenticator, and the digest of its setup token. */
  async create(input: AdminStaffInput, tokenHash: string, validHours: number, within?: EntityManager): Promise<number> {
    const write = async (tx: EntityManager) => {
      const [row] = await tx.query(
        `INSERT INTO staff_user (username, first_name, last_name, password_hash, totp_secret, setup_token_hash,
                                 setup_expires_at)
         VALUES ($1, $2, $3, NULL, NULL, $4, now() + make_interval(hours => $5)) RETURNING id`,
        [input.username, input.firstName, input.lastName, tokenHash, validHours],
      );
      await this.writeGrants(tx, row.id, input);
      return Number(row.id);
    };
    return within ? write(within) : this.db.transaction(write);
  }

  private async writeGrants(
    tx: EntityManager,
    id: number,
    grant: Pick<AdminStaffInput, 'permissions' | 'businessIds'>,
  ): Promise<void> {
    await tx.query('DELETE FROM staff_permission WHERE staff_user_id = $1', [id]);
    await tx.query('DELETE FROM staff_business WHERE staff_user_id = $1', [id]);
    await tx.query(
      'INSERT INTO staff_permission (staff_user_id, permission) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [id, grant.permissions],
    );
    await tx.query(
      'INSERT INTO staff_business (staff_user_id, business_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [id, grant.businessIds],
    );
  }

  /**
   * Runs `change` on the account at `revision` under its row lock and bumps the revision; 'stale' when someone
   * changed it first, 'missing' when there is no such account.
   */
  async change(
    id: number,
    revision: number,
    change: (tx: EntityManager, current: AdminStaff) => Promise<void>,
  ): Promise<'changed' | 'stale' | 'missing'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision FROM staff_user WHERE id = $1 FOR UPDATE', [id]);
      if (!row) return 'missing';
      if (row.revision !== revision) return 'stale';
      await change(tx, (await this.one(id, tx))!);
      await tx.query('UPDATE staff_user SET revision = revision + 1 WHERE id = $1', [id]);
      return 'changed';
    });
  }

  async setDetails(tx: EntityManager, id: number, input: Omit<AdminStaffInput, 'username'>): Promise<void> {
    await tx.query('UPDATE staff_user SET first_name = $2, last_name = $3 WHERE id = $1', [
      id,
      input.firstName,
      input.lastName,
    ]);
    await this.writeGrants(tx, id, input);
  }

  /** Disabled or enabled; a disabled account's sessions end at once (its next call is refused). */
  async setActive(tx: EntityManager, id: number, active: boolean): Promise<void> {
    await tx.query('UPDATE staff_user SET active = $2 WHERE id = $1', [id, active]);
    if (!active) await this.revokeSessions(tx, id);
  }

  /** Password and authenticator cleared, every session ended, a new setup token. */
  async reset(tx: EntityManager, id: number, tokenHash: string, validHours: number): Promise<void> {
    await tx.query(
      `UPDATE staff_user SET password_hash = NULL, totp_secret = NULL, pending_totp_secret = NULL,
              pending_totp_until = NULL, failed_attempts = 0, locked_until = NULL, setup_token_hash = $2,
              setup_expires_at = now() + make_interval(hours => $3)
        WHERE id = $1`,
      [id, tokenHash, validHours],
    );
    await this.revokeSessions(tx, id);
  }

  private async revokeSessions(tx: EntityManager, id: number): Promise<void> {
    await tx.query('UPDATE staff_session SET revoked_at = now() WHERE staff_user_id = $1 AND revoked_at IS NULL', [id]);
  }

  /** The active account a setup token (its digest) opens, while it is valid. */
  async bySetupToken(tokenHash: string): Promise<{ id: number; username: string } | null> {
    const rows = await this.db.query(
      `SELECT id, username FROM staff_user WHERE setup_token_hash = $1 AND setup_expires_at > now() AND active`,
      [tokenHash],
    );
    return rows[0] ? { id: Number(rows[0].id), username: rows[0].username } : null;
  }

  /** Keeps the authenticator secret the setup page showed aside until a code from it is typed (10 minutes). */
  async startSetup(id: number, secret: string): Promise<void> {
    await this.db.query(
      `UPDATE staff_user SET pending_totp_secret = $2, pending_totp_until = now() + interval '10 minutes' WHERE id = $1`,
      [id, secret],
    );
  }

  async pendingSetupSecret(id: number): Promise<string | null> {
    const rows = await this.db.query(
      'SELECT pending_totp_secret AS secret FROM staff_user WHERE id = $1 AND pending_totp_until > now()',
      [id],
    );
    return rows[0]?.secret ?? null;
  }

  /**
   * The password and the scanned secret become the account's and the token is spent, in one statement that only
   * a still-valid token passes (two tabs finishing at once: one wins). The confirming code's step is consumed.
   */
  async finishSetup(
    id: number,
    tokenHash: string,
    passwordHash: string,
    secret: string,
    step: number,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE staff_user SET password_hash = $3, totp_secret = $4, last_totp_step = $5, pending_totp_secret = NULL,
              pending_totp_until = NULL, setup_token_hash = NULL, setup_expires_at = NULL, revision = revision + 1
        WHERE id = $1 AND setup_token_hash = $2 AND setup_expires_at > now() AND pending_totp_secret = $4
        RETURNING id`,
      [id, tokenHash, passwordHash, secret, step],
    );
    return returned(rows).length === 1;
  }
}
