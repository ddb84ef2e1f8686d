import type { StaffSetupStart } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/**
 * The setup link's two calls (no session): the token from the link's fragment travels in the body only, never in
 * an address a server or a proxy could log. Refusals are in the reader's language.
 */
export const setupApi = {
  /** The account the link is for and a new authenticator secret to scan (410 once the link is spent or expired). */
  start: (token: string) => apiRequest<StaffSetupStart>('/backoffice/setup/start', { method: 'POST', body: { token } }),
  /** The password chosen and a code from the scanned app: the account is ready and the link spent. */
  finish: (token: string, password: string, totpCode: string) =>
    apiRequest<{ username: string }>('/backoffice/setup/finish', {
      method: 'POST',
      body: { token, password, totpCode },
    }),
};
