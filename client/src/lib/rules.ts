/**
 * The one place the storefront reaches for shared business rules (shared/src/rules,
 * exported by `@hotline/shared`). Components import from here, so the client's use
 * of shared rules is visible at a glance and easy to stub in tests.
 */
export {
  formatShekels,
  shekelsToAgorot,
  formatJerusalemDateTime,
  jerusalemDateKey,
  JERUSALEM_TIME_ZONE,
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  intlLocaleFor,
  isRightToLeft,
  isSupportedLocale,
  type SupportedLocale,
} from '@hotline/shared';
