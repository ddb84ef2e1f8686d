/**
 * One-time login codes (OWASP ASVS 5 V6.6, NIST SP 800-63B 5.1.3): what a
 * verification attempt means for a stored code. Pure: the store supplies the
 * facts, this decides; the store then applies the decision atomically.
 */
export const OTP_DIGITS = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_WRONG_ATTEMPTS = 5;
/** The spec's SMS fallback: one resend, after a 20-second timer. */
export const OTP_RESEND_AFTER_SECONDS = 20;
export const OTP_MAX_RESENDS = 1;

export type OtpVerdict = 'ok' | 'wrong' | 'expired' | 'used' | 'locked';

export interface OtpFacts {
  matches: boolean;
  ageSeconds: number;
  wrongAttempts: number;
  used: boolean;
}

export function otpVerdict(f: OtpFacts): OtpVerdict {
  if (f.used) return 'used';
  if (f.wrongAttempts >= OTP_MAX_WRONG_ATTEMPTS) return 'locked';
  if (f.ageSeconds >= OTP_TTL_SECONDS) return 'expired';
  return f.matches ? 'ok' : 'wrong';
}

export type ResendVerdict =
  { ok: true } | { ok: false; reason: 'too_soon'; waitSeconds: number } | { ok: false; reason: 'limit' };

export function resendVerdict(sinceLastSendSeconds: number, resends: number): ResendVerdict {
  if (resends >= OTP_MAX_RESENDS) return { ok: false, reason: 'limit' };
  if (sinceLastSendSeconds < OTP_RESEND_AFTER_SECONDS) {
    return { ok: false, reason: 'too_soon', waitSeconds: Math.ceil(OTP_RESEND_AFTER_SECONDS - sinceLastSendSeconds) };
  }
  return { ok: true };
}
