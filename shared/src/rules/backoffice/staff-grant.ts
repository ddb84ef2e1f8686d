export interface Grant {
  permissions: readonly number[];
  businessIds: readonly number[];
}

export type GrantProblem =
  | { kind: 'permission-not-yours'; permission: number }
  | { kind: 'business-not-yours'; businessId: number }
  | { kind: 'no-business' };

/**
 * What a staff member may give another (ASVS V8: no one grants more than they hold): only permissions they hold
 * themselves, only within their own businesses, and at least one business (an account with none reaches nothing
 * and would only confuse). Applied both to what is granted and to the account being changed: an account that holds
 * more than the editor is out of the editor's reach, or an editor could take a stronger colleague's rights away.
 */
export function staffGrantProblems(editor: Grant, grant: Grant): GrantProblem[] {
  const problems: GrantProblem[] = [];
  const held = new Set(editor.permissions);
  const reach = new Set(editor.businessIds);
  for (const permission of new Set(grant.permissions))
    if (!held.has(permission)) problems.push({ kind: 'permission-not-yours', permission });
  for (const businessId of new Set(grant.businessIds))
    if (!reach.has(businessId)) problems.push({ kind: 'business-not-yours', businessId });
  if (grant.businessIds.length === 0) problems.push({ kind: 'no-business' });
  return problems;
}
