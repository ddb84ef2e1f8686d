import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedSql } from '../database/prepared-sql';
import { StatementBatcher } from '../database/statement-batcher';

/** A session's last use is written when the one written is older than this (sessionIdentity). */
const SESSION_TOUCH_SECONDS = 60;
/** Session reads in flight at once on a node (more while many wait), and the most one carries (StatementBatcher). */
const SESSION_BATCHES = { inFlight: 2, deep: { waiting: 8, inFlight: 4 }, maxBatch: 64 };

export interface StaffAccount {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  totpSecret: string;
  lastTotpStep: number;
  failedAttempts: number;
  /** Seconds until the lockout ends; 0 when not locked. */
  lockedForSeconds: number;
}

export interface StaffIdentity {
  userId: number;
  FirstName: string;
  LastName: string;
  businessIds: number[];
  permissions: number[];
}

/** TypeORM answers an UPDATE ... RETURNING with [rows, count], a SELECT with rows. */
function returned<T>(result: unknown[]): T[] {
  return (Array.isArray(result[0]) ? result[0] : result) as T[];
}

/**
 * Staff sign-in, identity and sessions; with StaffAdminRepository (the administration's writes) the only places that
 * touch these tables. An account not set up yet (no password or authenticator) signs in as an unknown name would.
 */
@Injectable()
export class StaffRepository {
  /** The session's statement, asked by every back-office call: prepared once per connection, and batched. */
  private readonly prepared: PreparedSql;
  private readonly sessions: StatementBatcher<{ handleHash: string; idleMinutes: number }, StaffIdentity | null>;

  constructor(private readonly db: DataSource) {
    this.prepared = new PreparedSql(db, 'staff');
    this.sessions = new StatementBatcher((asked) => this.sessionIdentities(asked), SESSION_BATCHES);
  }

  async accountByUsername(username: string): Promise<StaffAccount | null> {
    const rows = await this.db.query(
      `SELECT id, username, first_name AS "firstName", last_name AS "lastName", password_hash AS "passwordHash",
              totp_secret AS "totpSecret", last_totp_step::float8 AS "lastTotpStep", failed_attempts AS "failedAttempts",
              GREATEST(0, extract(epoch FROM locked_until - now()))::float8 AS "lockedForSeconds"
         FROM staff_user WHERE username = $1 AND active AND password_hash IS NOT NULL AND totp_secret IS NOT NULL`,
      [username],
    );
    const row = rows[0];
    return row ? { ...row, lockedForSeconds: Number(row.lockedForSeconds ?? 0) } : null;
  }

  /**
   * Counts a failed sign-in; at `limit` failures in a row the account is locked for
   * `minutes` and the counter starts again. One statement, so parallel guesses count exactly.
   */
  async recordFailure(id: number, limit: number, minutes: number): Promise<void> {
    await this.db.query(
      `UPDATE staff_user SET
         failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
         locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN now() + make_interval(secs => $3::float8 * 60)
                             ELSE locked_until END
       WHERE id = $1`,
      [id, limit, minutes],
    );
  }

  /** Seconds left of a sign-in lock on this (name, address) pair; 0 when none. Keys are digests (staff-auth). */
  async signInLockedFor(nameKey: string, addressKey: string): Promise<number> {
    const rows: { s: number }[] = await this.db.query(
      `SELECT GREATEST(0, extract(epoch FROM locked_until - now()))::float8 AS s
         FROM staff_sign_in_failure WHERE name_key = $1 AND address_key = $2`,
      [nameKey, addressKey],
    );
    return Number(rows[0]?.s ?? 0);
  }

  /**
   * Counts a failed sign-in of this name from this address, whether the name exists or not; at `limit` failures in a
   * row the pair is locked for `minutes` and the counter starts again. One statement, so parallel guesses count exactly.
   */
  async recordSignInFailure(nameKey: string, addressKey: string, limit: number, minutes: number): Promise<void> {
    await this.db.query(
      `INSERT INTO staff_sign_in_failure AS f (name_key, address_key, failures, locked_until)
       VALUES ($1, $2, CASE WHEN $3::int <= 1 THEN 0 ELSE 1 END,
               CASE WHEN $3::int <= 1 THEN now() + make_interval(secs => $4::float8 * 60) END)
       ON CONFLICT (name_key, address_key) DO UPDATE SET
         failures = CASE WHEN f.failures + 1 >= $3 THEN 0 ELSE f.failures + 1 END,
         locked_until = CASE WHEN f.failures + 1 >= $3 THEN now() + make_interval(secs => $4::float8 * 60)
                             ELSE f.locked_until END,
         updated_at = now()`,
      [nameKey, addressKey, limit, minutes],
    );
  }

  /** A successful sign-in from this address forgets its failures; old rows go after a day. */
  async clearSignInFailures(nameKey: string, addressKey: string): Promise<void> {
    await this.db.query(
      `DELETE FROM staff_sign_in_failure
        WHERE (name_key = $1 AND address_key = $2) OR updated_at < now() - interval '1 day'`,
      [nameKey, addressKey],
    );
  }

  /**
   * A successful sign-in: the TOTP step is consumed only if it is newer than the last
   * one (a code works once, also under two parallel requests). False if it was not.
   */
  async recordSuccess(id: number, totpStep: number): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE staff_user SET failed_attempts = 0, locked_until = NULL, last_totp_step = $2
        WHERE id = $1 AND last_totp_step < $2 RETURNING id`,
      [id, totpStep],
    );
    return returned(r).length === 1;
  }

  async identity(id: number): Promise<StaffIdentity | null> {
    const rows = await this.db.query(
      `SELECT u.id AS "userId", u.first_name AS "FirstName", u.last_name AS "LastName",
              COALESCE((SELECT array_agg(business_id ORDER BY business_id) FROM staff_business WHERE staff_user_id = u.id), '{}') AS "businessIds",
              COALESCE((SELECT array_agg(permission ORDER BY permission) FROM staff_permission WHERE staff_user_id = u.id), '{}') AS "permissions"
         FROM staff_user u WHERE u.id = $1 AND u.active`,
      [id],
    );
    return rows[0] ?? null;
  }

  async createSession(handleHash: string, staffUserId: number, hours: number): Promise<void> {
    await this.db.query(
      `INSERT INTO staff_session (handle_hash, staff_user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::float8 * 3600))`,
      [handleHash, staffUserId, hours],
    );
  }

  /**
   * The staff member of a live session (not revoked, not expired, used within the idle limit, an active account). Every
   * back-office call asks it first (the door scans at up to 1,000 a second), so: the session is READ on every call (a
   * revoked session or a disabled account is refused on its next call), and its `last_seen_at` WRITTEN at most once
   * a minute (SESSION_TOUCH_SECONDS; a gate's phone calls several times a second, and writing the row each time made
   * every call a write and queued a staff member's concurrent calls on the row's lock: an idle session ends up to that
   * minute before the idle limit; a row another statement is writing is left to it); and the calls of the moment go
   * as one statement (StatementBatcher), each answered for its own handle.
   */
  sessionIdentity(handleHash: string, idleMinutes: number): Promise<StaffIdentity | null> {
    return this.sessions.call({ handleHash, idleMinutes });
  }

  private async sessionIdentities(asked: { handleHash: string; idleMinutes: number }[]) {
    // One idle limit per node (the configuration's); the strictest asked, should two ever differ.
    const idleMinutes = Math.min(...asked.map((a) => a.idleMinutes));
    const rows = await this.prepared.query<StaffIdentity & { handleHash: string }>(
      'session_identities',
      `WITH asked AS (SELECT DISTINCT unnest($1::text[]) AS handle_hash),
       live AS (
         SELECT ss.handle_hash, ss.staff_user_id, ss.last_seen_at FROM staff_session ss JOIN asked USING (handle_hash)
          WHERE ss.revoked_at IS NULL AND ss.expires_at > now()
            AND ss.last_seen_at > now() - make_interval(secs => $2::float8 * 60)
       ), touched AS (
         UPDATE staff_session ss SET last_seen_at = now()
          WHERE ss.handle_hash IN (
                  SELECT l.handle_hash FROM live l JOIN staff_session x USING (handle_hash)
                   WHERE l.last_seen_at < now() - make_interval(secs => $3::float8)
                   FOR UPDATE OF x SKIP LOCKED)
       )
       SELECT live.handle_hash AS "handleHash", u.id AS "userId", u.first_name AS "FirstName", u.last_name AS "LastName",
              COALESCE((SELECT array_agg(business_id ORDER BY business_id) FROM staff_business WHERE staff_user_id = u.id), '{}') AS "businessIds",
              COALESCE((SELECT array_agg(permission ORDER BY permission) FROM staff_permission WHERE staff_user_id = u.id), '{}') AS "permissions"
         FROM live JOIN staff_user u ON u.id = live.staff_user_id WHERE u.active`,
      [asked.map((a) => a.handleHash), idleMinutes, SESSION_TOUCH_SECONDS],
    );
    const byHandle = new Map(rows.map(({ handleHash, ...identity }) => [handleHash, identity]));
    return asked.map((a): PromiseFulfilledResult<StaffIdentity | null> => {
      const identity = byHandle.get(a.handleHash);
      return { status: 'fulfilled', value: identity ? { ...identity } : null };
    });
  }

  /** Revokes a live session; answers whose it was (null when it was not live). */
  async revokeSession(handleHash: string): Promise<number | null> {
    const rows = await this.db.query(
      `UPDATE staff_session SET revoked_at = now() WHERE handle_hash = $1 AND revoked_at IS NULL
        RETURNING staff_user_id AS id`,
      [handleHash],
    );
    return returned<{ id: number }>(rows)[0]?.id ?? null;
  }

  /** Which businesses own these presentations (unknown ids are left out). */
  async presentationBusinesses(presentationIds: number[]): Promise<Map<number, number>> {
    const rows: { id: number; businessId: number }[] = await this.db.query(
      `SELECT id, business_id AS "businessId" FROM presentation WHERE id = ANY($1::int[])`,
      [presentationIds],
    );
    return new Map(rows.map((r) => [r.id, r.businessId]));
  }

  /** The password hash and user name of a signed-in staff member (re-authentication before a security change). */
  /** With the seconds left of the account's own lock (wrong passwords on re-authentication set it). */
  async credentials(id: number): Promise<{ username: string; passwordHash: string; lockedForSeconds: number } | null> {
    const rows = await this.db.query(
      `SELECT username, password_hash AS "passwordHash",
              GREATEST(0, extract(epoch FROM locked_until - now()))::float8 AS "lockedForSeconds"
         FROM staff_user WHERE id = $1 AND active AND password_hash IS NOT NULL`,
      [id],
    );
    const row = rows[0];
    return row ? { ...row, lockedForSeconds: Number(row.lockedForSeconds ?? 0) } : null;
  }

  /** Keeps a new authenticator secret aside for `minutes`, until a code from it is shown. */
  async startEnrolment(id: number, secret: string, minutes: number): Promise<void> {
    await this.db.query(
      `UPDATE staff_user SET pending_totp_secret = $2, pending_totp_until = now() + make_interval(secs => $3::float8 * 60)
        WHERE id = $1`,
      [id, secret, minutes],
    );
  }

  async pendingSecret(id: number): Promise<string | null> {
    const rows = await this.db.query(
      `SELECT pending_totp_secret AS secret FROM staff_user WHERE id = $1 AND pending_totp_until > now()`,
      [id],
    );
    return rows[0]?.secret ?? null;
  }

  /**
   * The pending secret becomes the account's (its step consumed, so the confirming code cannot sign in again),
   * and every other session of the account ends: whoever held the old authenticator is out. One transaction.
   */
  async finishEnrolment(id: number, secret: string, step: number, keepHandleHash: string): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const rows = await m.query(
        `UPDATE staff_user SET totp_secret = pending_totp_secret, last_totp_step = $3,
                pending_totp_secret = NULL, pending_totp_until = NULL
          WHERE id = $1 AND pending_totp_secret = $2 AND pending_totp_until > now() RETURNING id`,
        [id, secret, step],
      );
      if (returned(rows).length === 0) return false;
      await m.query(
        `UPDATE staff_session SET revoked_at = now()
          WHERE staff_user_id = $1 AND handle_hash <> $2 AND revoked_at IS NULL`,
        [id, keepHandleHash],
      );
      return true;
    });
  }
}
