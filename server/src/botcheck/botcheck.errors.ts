import { registerErrors, type Messages } from '../common/app-error';

/**
 * 403, not 400: the request is well-formed HTTP, but the proof it carries is refused
 * (missing, forged, expired or already bound to another visitor). The client's answer
 * is always the same: solve a fresh challenge and retry. See docs/bot-check.md.
 */
const invalidCaptcha: { status: number; message: Messages } = {
  status: 403,
  message: {
    he: 'אימות האבטחה נכשל או פג תוקפו. נסו שוב.',
    en: 'The security check failed or expired. Please try again.',
    ru: 'Проверка безопасности не пройдена или устарела. Попробуйте ещё раз.',
    ar: 'فشل التحقق الأمني أو انتهت صلاحيته. يرجى المحاولة مرة أخرى.',
  },
};

export const BotCheckErrors = registerErrors({
  INVALID_CAPTCHA: invalidCaptcha,
  /** The memberships/customer-area catalogue spells the same failure in lowercase; same status and text. */
  invalid_captcha: invalidCaptcha,
});
export type BotCheckErrorCode = keyof typeof BotCheckErrors;
