/**
 * Business scope (memberships-backoffice-spec.md section 6: "Business scoping uses the
 * user's businessIds"): a back-office user may act on data of a business only if that
 * business is among theirs. Every id the call touches must be in scope; an empty list
 * of touched businesses is in scope (nothing to protect), an empty scope reaches nothing.
 */
export function withinBusinessScope(
  userBusinessIds: readonly number[],
  touchedBusinessIds: readonly number[],
): boolean {
  const scope = new Set(userBusinessIds);
  return touchedBusinessIds.every((id) => scope.has(id));
}
