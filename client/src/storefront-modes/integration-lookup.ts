import type { IntegrationResponse } from '@hotline/shared';
import { api } from '../api/client';
import { setChannel } from './channel';

/**
 * A partner link (…?TS=…&ret=…&key=…): asks GET /api/integration once, keeps the integrationId for this tab, and
 * takes the three parameters out of the address bar (the key is a credential, even if a short-lived one).
 * The lookup runs only when all three are present; its errors are swallowed (storefront-spec.md section 8):
 * a bad or stale link leaves a normal storefront.
 */
export async function lookupIntegrationFromUrl(location: Location = window.location): Promise<string | null> {
  const params = new URLSearchParams(location.search);
  const ts = params.get('TS');
  const ret = params.get('ret');
  const key = params.get('key');
  if (!ts || !ret || !key) return null;
  for (const name of ['TS', 'ret', 'key']) params.delete(name);
  const rest = params.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`,
  );
  try {
    const { integrationId } = await api.get<IntegrationResponse>('/integration', { TS: ts, ret, key });
    setChannel({ integrationId });
    return integrationId;
  } catch (error) {
    console.warn('partner link not accepted:', error instanceof Error ? error.message : String(error));
    return null;
  }
}
