import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { BACK_OFFICE_PERMISSION } from '@hotline/shared';
import { DataSource } from 'typeorm';
import { StaffAdminRepository } from './staff-admin.repository';

/** How long the first administrator's link works: the person who ran the first start uses it at once. */
const FIRST_LINK_HOURS = 24;

/**
 * The first start on a database without staff (`SEED=none npm start`, or a production database): one administrator,
 * holding every permission in every business the database knows, with no password: whoever ran the start opens the
 * printed one-time link and sets the password and the authenticator there (as GitLab's or Grafana's first start
 * asks for an administrator). Nothing happens when any staff account exists.
 */
@Injectable()
export class FirstAdministrator {
  constructor(
    private readonly accounts: StaffAdminRepository,
    private readonly db: DataSource,
  ) {}

  /** The setup link's token for a new first administrator, or null when the database already has staff. */
  async ensure(): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      // One node creates it when several start at once.
      await tx.query('LOCK TABLE staff_user IN EXCLUSIVE MODE');
      const [{ n }] = await tx.query('SELECT count(*)::int AS n FROM staff_user');
      if (n > 0) return null;
      const businesses: { id: number }[] = await tx.query(
        'SELECT DISTINCT business_id AS id FROM location UNION SELECT 1 ORDER BY id',
      );
      const token = randomBytes(32).toString('base64url');
      await this.accounts.create(
        {
          username: 'admin',
          firstName: 'Administrator',
          lastName: '-',
          permissions: Object.values(BACK_OFFICE_PERMISSION),
          businessIds: businesses.map((b) => Number(b.id)),
        },
        createHash('sha256').update(token).digest('hex'),
        FIRST_LINK_HOURS,
        tx,
      );
      return token;
    });
  }
}
