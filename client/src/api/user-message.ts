import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from './client';

/** Only what the visitor needs: t() of a key in the `problems` namespace of the locale files. */
type Translate = (key: string) => string;

/**
 * The sentence a person sees for a failed call. Never the browser's own text
 * ("Failed to fetch") and never the machine code ("PAYMENT_DECLINED"): the
 * server's message is already in the visitor's language, our own sentences
 * cover the failures the server never saw (offline, no answer, an answer that
 * is not ours). The code stays for logs and for choosing what to offer next.
 */
export function userMessage(error: unknown, t: Translate, online = isOnline()): string {
  if (!online) return t('problems.offline');
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('problems.network');
    if (error.code === BAD_RESPONSE) return t('problems.server');
    if (error.message && !looksTechnical(error.message)) return error.message;
    if (error.status >= 500) return t('problems.server');
  }
  return t('problems.generic');
}

/** navigator.onLine, true where there is no navigator (unit tests). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** A message that is a code or an exception, not a sentence (no server sends these, but a proxy might). */
export function looksTechnical(message: string): boolean {
  return (
    /^[A-Z0-9_]+$/.test(message.trim()) ||
    /failed to fetch|networkerror|load failed|typeerror|syntaxerror|unexpected token|^http \d{3}/i.test(message) ||
    /:\s*[A-Z][A-Z0-9]*_[A-Z0-9_]+\s*$/.test(message)
  );
}
