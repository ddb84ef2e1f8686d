/**
 * Does this customer hold an active membership? Only members may place a hold order
 * (memberships-backoffice-spec.md section 4). Memberships are their own bounded context; the hold
 * flow depends on this one question through this port, bound in holds.module.ts.
 */
export interface ActiveMembership {
  hasActiveMembership(customerId: number): Promise<boolean>;
}

/** DI token of the ActiveMembership port (rebind it to MembershipsService at merge). */
export const ACTIVE_MEMBERSHIP = Symbol('ACTIVE_MEMBERSHIP');
