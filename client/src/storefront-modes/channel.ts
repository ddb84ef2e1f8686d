import type { Cart } from '@hotline/shared';

/**
 * The storefront channel this tab is in (docs/storefront-modes.md): a mini-site, the live mode's domain and a
 * partner link's integrationId. Kept per tab (sessionStorage): opening the public storefront in another tab is
 * not a mini-site. Every catalogue, seat and ticket call carries it (api/client.ts), and so does the commit; the
 * server is what enforces it.
 */
export interface Channel {
  miniSiteUrl: string | null;
  domain: string | null;
  integrationId: string | null;
}

const KEY = 'storefront-channel';
const EMPTY: Channel = { miniSiteUrl: null, domain: null, integrationId: null };

function read(): Channel {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<Channel>;
    const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);
    return {
      miniSiteUrl: text(parsed.miniSiteUrl),
      domain: text(parsed.domain),
      integrationId: text(parsed.integrationId),
    };
  } catch {
    return EMPTY;
  }
}

let current: Channel = read();

export function channel(): Channel {
  return current;
}

export function setChannel(patch: Partial<Channel>): void {
  current = { ...current, ...patch };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* storage full or blocked: the channel lives for this page only */
  }
}

/** Calls that answer differently per channel (storefront-spec.md section 7: miniSiteUrl, domain, integrationId). */
const SCOPED = /^\/(features|presentations|seats)(\/|$)/;

/** The channel's query parameters for an API path (none outside a channel, none for other calls). */
export function channelQuery(path: string): Record<string, string> {
  const p = path.startsWith('/') ? path : `/${path}`;
  if (!SCOPED.test(p)) return {};
  const out: Record<string, string> = {};
  if (current.miniSiteUrl) out.miniSiteUrl = current.miniSiteUrl;
  if (current.domain) out.domain = current.domain;
  if (current.integrationId && /\/ticketGroups$/.test(p.split('?')[0]!)) out.integrationId = current.integrationId;
  return out;
}

/** The cart as the commit sends it: the channel travels with it (the cart's own values win). */
export function withChannel(cart: Cart): Cart {
  return {
    ...cart,
    miniSiteUrl: cart.miniSiteUrl ?? current.miniSiteUrl,
    domain: cart.domain ?? current.domain,
    integrationId: cart.integrationId ?? current.integrationId,
  };
}

/**
 * A live seat change as this tab may sell it: in a mini-site or the live domain only seats set aside are sold, so a
 * seat without an AllocationId that frees up stays blocked (the server applies the same rule to seats-status and
 * refuses it at the commit; socket deltas are the public view).
 */
export function restrictToAllocation<Row extends readonly number[]>(row: Row): Row {
  if (!(current.miniSiteUrl || current.domain) || row[4] !== -1 || row[6] !== 1) return row;
  const copy = [...row];
  copy[6] = 6;
  return copy as unknown as Row;
}
