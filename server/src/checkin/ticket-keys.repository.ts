import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface StoredTicketKey {
  id: number;
  publicKey: string;
  privateKeySealed: string;
  verifiesUntil: Date | null;
}

const COLUMNS = `id, public_key AS "publicKey", private_key_sealed AS "privateKeySealed", verifies_until AS "verifiesUntil"`;

/** The door-code signing keys (checkin_key). */
@Injectable()
export class TicketKeysRepository {
  constructor(private readonly db: DataSource) {}

  async active(): Promise<StoredTicketKey | null> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM checkin_key WHERE retired_at IS NULL`);
    return rows[0] ?? null;
  }

  /** Keys a scanner should hold at `at`: the active one and the retired ones whose shows are not over. */
  async verifying(at: Date): Promise<StoredTicketKey[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM checkin_key WHERE retired_at IS NULL OR verifies_until > $1 ORDER BY id`,
      [at],
    );
  }

  /** The keys still verifying at `at` as the back office lists them (no private half), newest first. */
  async listed(
    at: Date,
  ): Promise<{ id: number; createdAt: Date; retiredAt: Date | null; verifiesUntil: Date | null }[]> {
    return this.db.query(
      `SELECT id, created_at AS "createdAt", retired_at AS "retiredAt", verifies_until AS "verifiesUntil"
         FROM checkin_key WHERE retired_at IS NULL OR verifies_until > $1 ORDER BY id DESC`,
      [at],
    );
  }

  /** The first active key; a node that loses the race to another (the one-active index) stores nothing. */
  async insertActive(publicKey: string, privateKeySealed: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO checkin_key (public_key, private_key_sealed, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [publicKey, privateKeySealed, at],
    );
  }

  /**
   * Retires the active key and makes the next one, in one transaction. The retired key verifies until the end of the
   * last show that had tickets when it stopped signing (a ticket sold later carries the new key), so no code already
   * in a buyer's hands stops opening the door, and the old key is useless after.
   */
  async rotate(publicKey: string, privateKeySealed: string, at: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE checkin_key SET retired_at = $1, verifies_until = greatest($1, (
           SELECT max(p.date_time + make_interval(mins => f.duration_minutes))
             FROM presentation p JOIN feature f ON f.id = p.feature_id
            WHERE p.date_time + make_interval(mins => f.duration_minutes) > $1
              AND EXISTS (SELECT 1 FROM reservation_ticket t WHERE t.presentation_id = p.id)))
          WHERE retired_at IS NULL`,
        [at],
      );
      await tx.query(`INSERT INTO checkin_key (public_key, private_key_sealed, created_at) VALUES ($1, $2, $3)`, [
        publicKey,
        privateKeySealed,
        at,
      ]);
    });
  }
}
