import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ActiveMembership } from './active-membership.port';

/**
 * INTERIM ADAPTER - replace at merge with MembershipsService.hasActiveMembership (the memberships branch).
 * Until memberships exist, the first two demo customers of the seed (server/src/seed/demo-customers.ts:
 * ID 000000018 and 000000026) count as members and everyone else does not, so both sides of the rule
 * can be tried and tested.
 */
export const INTERIM_DEMO_MEMBER_SSNS: readonly string[] = ['000000018', '000000026'];

@Injectable()
export class InterimDemoMembershipAdapter implements ActiveMembership {
  constructor(private readonly db: DataSource) {}

  async hasActiveMembership(customerId: number): Promise<boolean> {
    const rows: { ssn: string | null }[] = await this.db.query('SELECT ssn FROM customer WHERE id = $1', [customerId]);
    const ssn = rows[0]?.ssn;
    return ssn != null && INTERIM_DEMO_MEMBER_SSNS.includes(ssn);
  }
}
