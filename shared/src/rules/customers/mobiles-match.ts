import { normaliseMobile } from './normalise-mobile';

/** The customer form's mismatch text (memberships-backoffice-spec.md section 5). */
export const MOBILES_DO_NOT_MATCH_MESSAGE = 'mobile numbers do not match';

/**
 * Mobile and verify-mobile match when they are the same number, however it was
 * typed ('050-1234567' and '+972501234567' match). Whether the field is filled
 * in at all is the required-field rule's business, so two blanks match.
 */
export function mobilesMatch(mobile: string, verifyMobile: string): boolean {
  return normaliseMobile(mobile) === normaliseMobile(verifyMobile);
}
