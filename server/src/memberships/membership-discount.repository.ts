import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MembershipDiscountKind } from '@hotline/shared';

export interface MembershipDiscountRow {
  id: number;
  code: string;
  name: string;
  kind: MembershipDiscountKind;
  value: number;
  membershipIds: number[];
  maxUses: number | null;
  usedCount: number;
  active: boolean;
  /** Read against the database's clock, the one the sale's draw uses. */
  notStarted: boolean;
  expired: boolean;
}

/** The membership discount codes (migration 1795791000000); the draw itself runs in the sale (membership-sale-steps.ts). */
@Injectable()
export class MembershipDiscountRepository {
  constructor(private readonly db: DataSource) {}

  async byCode(code: string): Promise<MembershipDiscountRow | null> {
    const [row] = await this.db.query(
      `SELECT id, code, name, kind, value, membership_ids AS "membershipIds", max_uses AS "maxUses",
              used_count AS "usedCount", active,
              (valid_from IS NOT NULL AND valid_from > now()) AS "notStarted",
              (valid_until IS NOT NULL AND valid_until <= now()) AS "expired"
         FROM membership_discount_code WHERE lower(code) = lower($1)`,
      [code],
    );
    return row ?? null;
  }
}
