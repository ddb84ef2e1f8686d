import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface OtpChallenge {
  id: string;
  customerId: number | null;
  mobile: string;
  ssn: string | null;
  purpose: 'area' | 'checkout';
  register: boolean;
  codeHash: string;
  wrongAttempts: number;
  resends: number;
  ageSeconds: number;
  sinceSentSeconds: number;
  used: boolean;
}

const OTP_COLUMNS = `id::text AS id, customer_id AS "customerId", mobile, ssn, purpose, register, code_hash AS "codeHash",
  wrong_attempts AS "wrongAttempts", resends, extract(epoch FROM now() - sent_at)::float8 AS "ageSeconds",
  extract(epoch FROM now() - sent_at)::float8 AS "sinceSentSeconds", used_at IS NOT NULL AS used`;

export type LinkState =
  | { state: 'ok'; customerId: number }
  | { state: 'redeemed'; at: Date }
  | { state: 'expired'; at: Date }
  | { state: 'unknown' };

/**
 * One-time codes, sessions and login links. Only hashes are stored: the codes
 * as HMACs under the server secret, the handles as SHA-256.
 */
@Injectable()
export class LoginStoreRepository {
  constructor(private readonly db: DataSource) {}

  async createChallenge(c: {
    handleHash: string;
    customerId: number | null;
    mobile: string;
    ssn: string | null;
    purpose: 'area' | 'checkout';
    register: boolean;
    codeHash: string;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO customer_otp (handle_hash, customer_id, mobile, ssn, purpose, register, code_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [c.handleHash, c.customerId, c.mobile, c.ssn, c.purpose, c.register, c.codeHash],
    );
  }

  async challengeByHandle(handleHash: string): Promise<OtpChallenge | null> {
    const rows = await this.db.query(`SELECT ${OTP_COLUMNS} FROM customer_otp WHERE handle_hash = $1`, [handleHash]);
    return rows[0] ?? null;
  }

  /** A new code for the same login (the one allowed resend); wrong guesses so far still count. */
  async resend(id: string, codeHash: string): Promise<void> {
    await this.db.query(
      `UPDATE customer_otp SET code_hash = $2, resends = resends + 1, sent_at = now() WHERE id = $1 AND used_at IS NULL`,
      [id, codeHash],
    );
  }

  /**
   * Checks a guess under the row's lock, so that parallel guesses are counted
   * one by one and a right code is accepted once: `judge` sees the row as it is
   * inside the transaction and says what to record.
   */
  async verify<T extends { verdict: string }>(
    handleHash: string,
    judge: (c: OtpChallenge) => T,
  ): Promise<(T & { challenge: OtpChallenge }) | null> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(`SELECT ${OTP_COLUMNS} FROM customer_otp WHERE handle_hash = $1 FOR UPDATE`, [
        handleHash,
      ]);
      const challenge: OtpChallenge | undefined = rows[0];
      if (!challenge) return null;
      const result = judge(challenge);
      if (result.verdict === 'wrong') {
        await tx.query(`UPDATE customer_otp SET wrong_attempts = wrong_attempts + 1 WHERE id = $1`, [challenge.id]);
      } else if (result.verdict === 'ok') {
        await tx.query(`UPDATE customer_otp SET used_at = now() WHERE id = $1`, [challenge.id]);
      }
      return { ...result, challenge };
    });
  }

  async setChallengeCustomer(id: string, customerId: number): Promise<void> {
    await this.db.query(`UPDATE customer_otp SET customer_id = $2 WHERE id = $1`, [id, customerId]);
  }

  async createSession(tokenHash: string, customerId: number, hours: number): Promise<void> {
    await this.db.query(
      `INSERT INTO customer_session (token_hash, customer_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::float8))`,
      [tokenHash, customerId, hours * 3600],
    );
  }

  async sessionCustomer(tokenHash: string): Promise<number | null> {
    const rows = await this.db.query(
      `SELECT customer_id AS "customerId" FROM customer_session
        WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return rows[0]?.customerId ?? null;
  }

  async revokeSession(tokenHash: string): Promise<void> {
    await this.db.query(`UPDATE customer_session SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [
      tokenHash,
    ]);
  }

  async createLoginLink(tokenHash: string, customerId: number, hours: number): Promise<void> {
    await this.db.query(
      `INSERT INTO customer_login_link (token_hash, customer_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::float8))`,
      [tokenHash, customerId, hours * 3600],
    );
  }

  /** Redeems a login link once: concurrent redemptions of one link give exactly one session. */
  async redeemLoginLink(tokenHash: string): Promise<LinkState> {
    const rows = await this.db.query(
      `WITH r AS (
         UPDATE customer_login_link SET redeemed_at = now()
          WHERE token_hash = $1 AND redeemed_at IS NULL AND expires_at > now()
          RETURNING customer_id)
       SELECT 'ok' AS state, customer_id AS "customerId", NULL::timestamptz AS at FROM r
       UNION ALL
       SELECT CASE WHEN redeemed_at IS NOT NULL THEN 'redeemed' ELSE 'expired' END, customer_id,
              coalesce(redeemed_at, expires_at)
         FROM customer_login_link WHERE token_hash = $1 AND NOT EXISTS (SELECT 1 FROM r)`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return { state: 'unknown' };
    if (row.state === 'ok') return { state: 'ok', customerId: row.customerId };
    return { state: row.state, at: row.at };
  }
}
