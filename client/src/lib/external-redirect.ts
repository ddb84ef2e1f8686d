/**
 * Spec section 2: any path starting with /http sends the whole window to the address
 * embedded in it, e.g. /https://example.org/page?x=1 -> https://example.org/page?x=1.
 * Only http(s) targets are followed; anything else (javascript:, data:) returns null.
 */
export function embeddedExternalUrl(pathname: string, search = '', hash = ''): string | null {
  if (!pathname.startsWith('/http')) return null;
  let raw = pathname.slice(1);
  try {
    raw = decodeURI(raw);
  } catch {
    /* keep it as it came */
  }
  // Some proxies squeeze "//" into "/": restore "https:/host" to "https://host".
  raw = raw.replace(/^(https?:)\/*(?=[^/])/i, '$1//');
  try {
    const url = new URL(raw + search + hash);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}
